/** Starts the local server for the browser tests on the existing build, with a fresh data folder. */
import { rmSync } from 'node:fs';

rmSync(process.env['DATA_DIR'] ?? '.data/e2e', { recursive: true, force: true });
process.argv.push('--no-build');
await import('../../server/start.ts');

import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

/** Port of the local server the browser tests start on the production build. */
const PORT = Number(process.env['E2E_PORT'] ?? 4391);
/** Debian's Chromium where it is installed (CI, this machine); Playwright's own browser elsewhere. */
const systemChromium = '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  ...(process.env['CI'] ? { workers: 2 } : {}),
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  // A search waits for the source's answer before it navigates; on a busy 2-core CI machine that can pass 5 s.
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
    trace: 'retain-on-failure',
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      ...(existsSync(systemChromium) ? { executablePath: systemChromium } : {}),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: {
    command: 'node tests/e2e/serve.ts',
    url: `http://localhost:${PORT}/105/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { PORT: String(PORT), DATA_DIR: '.data/e2e', ACCESS_LOG: '0' },
  },
});

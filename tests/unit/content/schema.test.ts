import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../..');
const work = mkdtempSync(join(tmpdir(), 'content-schema-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Copies content/, lets `change` break one file, and runs `astro sync` (the build's content step) on it. */
function syncWith(name: string, change: (dir: string) => string) {
  const dir = join(work, name);
  cpSync(join(root, 'content'), dir, { recursive: true });
  const file = change(dir);
  const run = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'sync'], {
    cwd: root,
    env: { ...process.env, CONTENT_DIR: dir, ASTRO_TELEMETRY_DISABLED: '1', FORCE_COLOR: '0' },
    encoding: 'utf8',
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}`, file };
}

function edit(dir: string, folder: string, mutate: (data: Record<string, unknown>) => void): string {
  const name = readdirSync(join(dir, folder)).filter((f) => f.endsWith('.json')).sort()[0] ?? '';
  const path = join(dir, folder, name);
  const data = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  mutate(data);
  writeFileSync(path, JSON.stringify(data));
  return name;
}

describe('content schemas stop the build with the file and the field', () => {
  it.each([
    ['news', 'date', (d: Record<string, unknown>) => (d['date'] = '2026-13-45')],
    ['faq', 'tags', (d: Record<string, unknown>) => (d['tags'] = ['no-such-tag'])],
    ['cities', 'regionCodes', (d: Record<string, unknown>) => (d['regionCodes'] = ['7a'])],
    ['reviews', 'star', (d: Record<string, unknown>) => (d['star'] = 4)],
  ])('a broken %s entry (%s) fails', (folder, field, mutate) => {
    const result = syncWith(`${folder}-${field}`, (dir) => edit(dir, folder, mutate));
    expect(result.status).not.toBe(0);
    expect(result.output).toContain(result.file.replace(/\.json$/, ''));
    expect(result.output).toContain(field);
  }, 60_000);
});

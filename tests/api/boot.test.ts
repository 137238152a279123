import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootApi } from '../../server/boot.ts';
import type { BootedApi } from '../../server/boot.ts';
import { loadServerEnv } from '../../server/env.ts';

let booted: BootedApi;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'boot-test-'));
  booted = await bootApi(loadServerEnv({ DATA_DIR: dataDir, PHOTO_DELAY_MS: '0', ACCESS_LOG: '0' }), { runJobs: false });
});
afterAll(async () => {
  await booted.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the booted API', () => {
  it('says in the health reply how many background jobs wait, run and have failed', async () => {
    await booted.deps.jobs?.enqueue('notifications.deliverPending');
    const health = await (await booted.app.request('/105/api/health')).json();
    expect(health).toEqual({ status: 'ok', response: { healthy: true, database: true, jobs: { queued: 1, running: 0, failed: 0 } } });
  });

  it('has the notification jobs, a push key and a shared signing secret', async () => {
    expect((await (await booted.app.request('/105/api/push/key')).json()).response.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(booted.deps.notifySecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const again = await booted.deps.db.selectFrom('app_secrets').select('value').where('name', '=', 'notify').executeTakeFirstOrThrow();
    expect(again.value).toBe(booted.deps.notifySecret);
    expect(await booted.deps.jobs?.runDue()).toBe(1);
  });
});

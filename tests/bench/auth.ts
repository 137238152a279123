/**
 * `npm run bench:auth`: what signing in costs. Builds the API in-process on PGlite in a temp folder
 * (or BENCH_DATABASE_URL), creates accounts with passwords, then prints (1) the CPU time of one
 * Argon2id hash and one verification with the production parameters (server/accounts/passwords.ts),
 * and (2) POST /105/api/login throughput and latency (p50, p99) with N concurrent sign-ins.
 * Target: one sign-in 50–150 ms of CPU. Options: --logins N (default 200), --concurrency C (default 8).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createApp } from '../../server/app.ts';
import type { AuthLimits } from '../../server/accounts/authLimits.ts';
import { ARGON2_OPTIONS, checkPassword, hashPassword } from '../../server/accounts/passwords.ts';
import { openDatabase } from '../../server/db/open.ts';
import { createSandboxProvider } from '../../server/providers/fines/sandbox.ts';

const { values: args } = parseArgs({ options: { logins: { type: 'string', default: '200' }, concurrency: { type: 'string', default: '8' } } });
const logins = Number(args.logins);
const concurrency = Number(args.concurrency);

/** CPU milliseconds (user + system) a call takes. */
async function cpuMs(call: () => Promise<unknown>): Promise<number> {
  const before = process.cpuUsage();
  await call();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

const hashCpu: number[] = [];
const verifyCpu: number[] = [];
let sample = '';
for (let i = 0; i < 10; i++) {
  hashCpu.push(await cpuMs(async () => (sample = await hashPassword(`пароль номер ${i}`))));
  verifyCpu.push(await cpuMs(() => checkPassword(sample, `пароль номер ${i}`)));
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
console.log(`Argon2id m=${ARGON2_OPTIONS.memoryCost} KiB, t=${ARGON2_OPTIONS.timeCost}, p=${ARGON2_OPTIONS.parallelism}`);
console.log(`  one hash:   ${median(hashCpu).toFixed(0)} ms CPU (median of 10)`);
console.log(`  one verify: ${median(verifyCpu).toFixed(0)} ms CPU (median of 10)`);

const dataDir = await mkdtemp(join(tmpdir(), 'bench-auth-'));
const db = await openDatabase(process.env['BENCH_DATABASE_URL'] ? { databaseUrl: process.env['BENCH_DATABASE_URL'] } : { dataDir });
const off = { limit: 0, windowMs: 1 };
const noLimits: AuthLimits = { loginPerAddress: off, loginPerEmail: off, mailPerAddress: off, mailPerEmail: off, existsPerAddress: off, existsPerEmail: off, passwordPerSubject: off };
const app = createApp({ db, clock: () => new Date(), fines: createSandboxProvider(), photoDelayMs: 0, uinRateLimit: 0, clientRateLimit: 0, lookupRateLimit: 0, trustProxy: false, authLimits: noLimits });

const ACCOUNTS = 20;
const PASSWORD = 'пароль для замера';
const hash = await hashPassword(PASSWORD);
const client = await db.insertInto('clients').values({ id: crypto.randomUUID(), created_at: new Date() }).returning('id').executeTakeFirstOrThrow();
for (let i = 0; i < ACCOUNTS; i++) {
  await db
    .insertInto('users')
    .values({ client_id: client.id, channel: 'fine', salt: 'bench', created_at: new Date(), email: `bench${i}@example.ru`, email_confirmed_at: new Date(), password_hash: hash })
    .execute();
}

const login = async (i: number) => {
  const started = performance.now();
  const reply = await app.request('/105/api/login', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _username: `bench${i % ACCOUNTS}@example.ru`, _password: PASSWORD }).toString(),
  });
  if (reply.status !== 200) throw new Error(`login answered ${reply.status}`);
  return performance.now() - started;
};

await login(0); // warm-up
const latencies: number[] = [];
let next = 0;
const started = performance.now();
const cpuBefore = process.cpuUsage();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < logins) latencies.push(await login(next++));
  }),
);
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
latencies.sort((a, b) => a - b);
const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
console.log(`POST /105/api/login, ${logins} sign-ins, ${concurrency} at a time (${db.getExecutor().adapter.constructor.name.replace('Adapter', '')}):`);
console.log(`  ${(logins / seconds).toFixed(1)} sign-ins/s, p50 ${at(0.5).toFixed(0)} ms, p99 ${at(0.99).toFixed(0)} ms`);
console.log(`  CPU per sign-in: ${((cpu.user + cpu.system) / 1000 / logins).toFixed(0)} ms`);
await db.destroy();
await rm(dataDir, { recursive: true, force: true });

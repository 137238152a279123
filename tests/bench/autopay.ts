/**
 * `npm run bench:autopay`: how long the autopay job takes for 10,000 scheduled fines, and how many
 * token charges a second it makes against our moneta sandbox (its MerchantAPI, reached in-process as
 * the real one is over HTTPS). Makes accounts with a bound sandbox card and autopay on for one car each,
 * five new discounted rulings per car, all due now, in PGlite in a temp folder (or BENCH_DATABASE_URL);
 * then times one run of the job (source asked again for each fine, limits, payment, charge, settle;
 * each receipt handed to the queue), the receipt jobs (PDF + mail into the outbox), and a second run
 * (nothing left to charge).
 * Options: --fines N (default 10000), --per-user K (default 5), --receipts R (receipt jobs to time, default all).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createApp } from '../../server/app.ts';
import { openDatabase } from '../../server/db/open.ts';
import { grant, storeSubject, todayOf } from '../../server/fines/fineStore.ts';
import { runAutopay } from '../../server/payments/autopay/runCharges.ts';
import { autopayJobs } from '../../server/payments/autopay/jobs.ts';
import { createJobQueue } from '../../server/jobs/jobQueue.ts';
import { createSandboxProvider } from '../../server/providers/fines/sandbox.ts';
import type { FineSubject } from '../../server/providers/fines/provider.ts';
import { resolveDeps } from '../../server/resolveDeps.ts';

const { values: args } = parseArgs({ options: { fines: { type: 'string', default: '10000' }, 'per-user': { type: 'string', default: '5' }, receipts: { type: 'string', default: '' } } });
const total = Number(args.fines);
const perUser = Number(args['per-user']);

const dataDir = await mkdtemp(join(tmpdir(), 'bench-autopay-'));
const db = await openDatabase(process.env['BENCH_DATABASE_URL'] ? { databaseUrl: process.env['BENCH_DATABASE_URL'] } : { dataDir });
const fines = createSandboxProvider();
const deps = resolveDeps({ db, clock: () => new Date(), fines, photoDelayMs: 0, uinRateLimit: 0, clientRateLimit: 0, lookupRateLimit: 0, trustProxy: false, sandboxControl: true });
createApp(deps); // points the autopay gateway at this process's sandbox MerchantAPI
// The server's queue: the charge job hands each receipt (a PDF) to its own job, as in production.
deps.jobs = createJobQueue({ db, clock: () => new Date(), definitions: autopayJobs(deps) });

const LETTERS = 'АВЕКМНОРСТУХ';
/** The i-th test vehicle: a valid СТС and plate, all different. */
const vehicle = (i: number): FineSubject & { kind: 'sts' } => ({
  kind: 'sts',
  sts: `${String(10 + (i % 89)).padStart(2, '0')}${LETTERS[i % 12]}${LETTERS[Math.floor(i / 12) % 12]}${String(100000 + i).slice(-6)}`,
  plateNumber: `${LETTERS[i % 12]}${String(i % 1000).padStart(3, '0')}${LETTERS[Math.floor(i / 12) % 12]}${LETTERS[Math.floor(i / 144) % 12]}`,
  plateRegion: String(10 + (Math.floor(i / 1728) % 89)),
});

const started = performance.now();
const now = new Date();
const today = todayOf(deps);
const client = await db.insertInto('clients').values({ id: crypto.randomUUID(), created_at: now }).returning('id').executeTakeFirstOrThrow();
let scheduled = 0;
let users = 0;
// A ruling whose УИН the source already gave another car is not stored twice: more cars make up for it.
for (let u = 0; scheduled < total; u += 1) {
  users += 1;
  const subject = vehicle(u);
  const user = await db.insertInto('users').values({ client_id: client.id, channel: 'fine', salt: 'bench', created_at: now, email: `autopay${u}@example.ru`, email_confirmed_at: now }).returning('id').executeTakeFirstOrThrow();
  const token = `sbx-pays-${randomBytes(12).toString('hex')}`;
  const cardId = randomBytes(16).toString('hex');
  await db.insertInto('moneta_sandbox_tokens').values({ token, operation_id: String(100_000_000 + u), subscriber_id: cardId, card: '411111******1111', expiry: '12/30', active: true, created_at: now }).execute();
  await db.insertInto('autopay_cards').values({ id: cardId, user_id: user.id, gateway: 'moneta', status: 'bound', token, mask: '411111******1111', expiry: '12/30', created_at: now, bound_at: now }).execute();
  const key = fines.subjectKey(subject);
  const rule = await db.insertInto('autopay_rules').values({ user_id: user.id, document_kind: 'sts', document_id: u + 1, subject_key: key, subject: JSON.stringify(subject), max_fine_kopecks: 1_000_000, monthly_kopecks: 10_000_000, created_at: now }).returning('id').executeTakeFirstOrThrow();
  const added: string[] = [];
  for (let k = 0; k < perUser && scheduled + added.length < total; k += 1) added.push((await fines.addFine!(subject, today, { amount: 1000, article: '12.9.2' })).uin);
  await storeSubject(db, await fines.finesFor(subject, today), now);
  await grant(deps, user.id, key);
  const rows = await db.selectFrom('fines').select(['id', 'uin']).where('subject_key', '=', key).where('uin', 'in', added).execute();
  await db.insertInto('autopay_charges').values(rows.map((row) => ({ user_id: user.id, rule_id: rule.id, fine_id: row.id, uin: row.uin, amount_kopecks: 75_000, discount_last_day: '2999-01-01', status: 'scheduled' as const, charge_at: now, payment_id: null, reason: null, created_at: now, finished_at: null }))).execute();
  scheduled += rows.length;
}
console.log(`${scheduled} scheduled fines of ${users} accounts, made in ${((performance.now() - started) / 1000).toFixed(1)} s (${deps.db.getExecutor().adapter.constructor.name.replace('Adapter', '')})`);

const t = performance.now();
const report = await runAutopay(deps, { limit: scheduled });
const seconds = (performance.now() - t) / 1000;
await deps.mail.idle();
console.log(`Autopay job: ${seconds.toFixed(1)} s for ${scheduled} fines, ${(report.paid / seconds).toFixed(1)} charges/s against the sandbox; ${Object.entries(report).filter(([, n]) => n > 0).map(([k, n]) => `${k} ${n}`).join(', ')}`);
const tr = performance.now();
const receiptLimit = args.receipts === '' ? Number.POSITIVE_INFINITY : Number(args.receipts);
let receipts = 0;
for (let ran = 1; ran > 0 && receipts < receiptLimit; receipts += ran) ran = await deps.jobs.runDue(Math.min(100, receiptLimit - receipts));
await deps.mail.idle();
const receiptSeconds = (performance.now() - tr) / 1000;
console.log(`Receipts (PDF + mail, the queue's receipt jobs): ${receipts} in ${receiptSeconds.toFixed(1)} s, ${(receipts / receiptSeconds).toFixed(1)}/s`);
const t2 = performance.now();
const again = await runAutopay(deps, { limit: scheduled });
console.log(`Second run (nothing due): ${((performance.now() - t2) / 1000).toFixed(2)} s, paid ${again.paid}`);
const operations = await db.selectFrom('moneta_sandbox_charges').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
console.log(`Sandbox operations: ${operations.n} (one per fine)`);
await db.destroy();
await rm(dataDir, { recursive: true, force: true });

/**
 * `npm run bench:recheck`: how long the re-check of every account document takes, and how many source
 * calls a second it makes. Creates accounts with 10,000 documents (СТС) in PGlite in a temp folder (or
 * BENCH_DATABASE_URL), runs a first re-check (it learns what each document holds), has the sandbox
 * issue new rulings on 1 % of the documents, and times the second re-check, which finds them and
 * mails (into the outbox) one notice per affected account.
 * Options: --documents N (default 10000), --per-account K (default 5), --rate R source calls per second
 * (default 0: unlimited; the server's RECHECK_RATE paces the real source, 20 by default).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../../server/db/open.ts';
import { runRecheck } from '../../server/notifications/runRecheck.ts';
import { createSandboxProvider } from '../../server/providers/fines/sandbox.ts';
import { resolveDeps } from '../../server/resolveDeps.ts';

const { values: args } = parseArgs({ options: { documents: { type: 'string', default: '10000' }, 'per-account': { type: 'string', default: '5' }, rate: { type: 'string', default: '0' } } });
const documents = Number(args.documents);
const perAccount = Number(args['per-account']);
const rate = Number(args.rate);

const dataDir = await mkdtemp(join(tmpdir(), 'bench-recheck-'));
const db = await openDatabase(process.env['BENCH_DATABASE_URL'] ? { databaseUrl: process.env['BENCH_DATABASE_URL'] } : { dataDir });
const fines = createSandboxProvider();
const deps = resolveDeps({ db, clock: () => new Date(), fines, photoDelayMs: 0, uinRateLimit: 0, clientRateLimit: 0, lookupRateLimit: 0, trustProxy: false, recheckRate: rate, sandboxControl: true });

const LETTERS = 'АВЕКМНОРСТУХ';
/** The i-th test vehicle: a valid СТС and plate, all different. */
const vehicle = (i: number) => ({
  sts: `${String(10 + (i % 89)).padStart(2, '0')}${LETTERS[i % 12]}${LETTERS[Math.floor(i / 12) % 12]}${String(100000 + i).slice(-6)}`,
  plate_number: `${LETTERS[i % 12]}${String(i % 1000).padStart(3, '0')}${LETTERS[Math.floor(i / 12) % 12]}${LETTERS[Math.floor(i / 144) % 12]}`,
  plate_region: String(10 + (Math.floor(i / 1728) % 89)),
});

const started = performance.now();
const client = await db.insertInto('clients').values({ id: crypto.randomUUID(), created_at: new Date() }).returning('id').executeTakeFirstOrThrow();
for (let first = 0; first < documents; first += perAccount * 200) {
  const accounts = Math.min(200, Math.ceil((documents - first) / perAccount));
  const users = await db
    .insertInto('users')
    .values(Array.from({ length: accounts }, (_, a) => ({ client_id: client.id, channel: 'fine', salt: 'bench', created_at: new Date(), email: `bench${first + a * perAccount}@example.ru`, email_confirmed_at: new Date() })))
    .returning('id')
    .execute();
  const rows = users.flatMap((user, a) =>
    Array.from({ length: perAccount }, (_, k) => first + a * perAccount + k)
      .filter((i) => i < documents)
      .map((i) => ({ user_id: user.id, ...vehicle(i), vehicle_model: null, vehicle_plate_type: null, created_at: new Date() })),
  );
  await db.insertInto('sts_documents').values(rows).execute();
}
console.log(`${documents} documents in ${Math.ceil(documents / perAccount)} accounts, made in ${((performance.now() - started) / 1000).toFixed(1)} s (${deps.db.getExecutor().adapter.constructor.name.replace('Adapter', '')})`);

const timed = async (label: string) => {
  const t = performance.now();
  const report = await runRecheck(deps, { all: true, limit: documents * 2 });
  const seconds = (performance.now() - t) / 1000;
  console.log(`${label}: ${seconds.toFixed(1)} s, ${report.checked} documents, ${(report.checked / seconds).toFixed(0)} source calls/s, new items ${report.newItems}, mails ${report.mailsSent}`);
};
await timed('First re-check (learns what each document holds)');
for (let i = 0; i < documents; i += 100) {
  const v = vehicle(i);
  await fines.addFine?.({ kind: 'sts', sts: v.sts, plateNumber: v.plate_number, plateRegion: v.plate_region }, new Date().toISOString().slice(0, 10));
}
await timed('Second re-check (new rulings on 1 % of documents)');
await db.destroy();
await rm(dataDir, { recursive: true, force: true });

/**
 * `npm run bench:fleet`: the organization cabinet at fleet scale. Builds the API in-process on PGlite
 * in a temp folder (or BENCH_DATABASE_URL) with one organization of 5,000 vehicles and 50,000 fines,
 * then prints the time of a page of the fleet's fines (all of them, and filtered: unpaid, discount
 * running), p50 and p99 of 20 requests each, and the time to import 1,000 vehicles from a CSV file
 * (preview, then adding). Issue 26: drivers take the vehicles by monthly waybills (one a month per vehicle
 * over the fines' two years, 5,000 drivers in turn), and it prints the time to match all 50,000 fines to
 * those assignments (what a waybill change costs), to find nothing new to match (what each list pays),
 * and a page filtered by driver. Options: --vehicles N (5000), --fines-per-vehicle K (10), --runs R (20).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createApp } from '../../server/app.ts';
import { openDatabase } from '../../server/db/open.ts';
import { createSandboxProvider } from '../../server/providers/fines/sandbox.ts';
import { resolveDeps } from '../../server/resolveDeps.ts';
import { hashToken } from '../../server/http/auth.ts';
import { withUinCheckDigit } from '../../src/lib/uin.ts';
import { discountTerms } from '../../server/fines/discountTerms.ts';
import { matchOrganizationFines } from '../../server/organizations/drivers/driverMatching.ts';

const { values: args } = parseArgs({ options: { vehicles: { type: 'string', default: '5000' }, 'fines-per-vehicle': { type: 'string', default: '10' }, runs: { type: 'string', default: '20' } } });
const vehicles = Number(args.vehicles);
const perVehicle = Number(args['fines-per-vehicle']);
const runs = Number(args.runs);

const dataDir = await mkdtemp(join(tmpdir(), 'bench-fleet-'));
const db = await openDatabase(process.env['BENCH_DATABASE_URL'] ? { databaseUrl: process.env['BENCH_DATABASE_URL'] } : { dataDir });
const deps = resolveDeps({ db, clock: () => new Date(), fines: createSandboxProvider(), photoDelayMs: 0, uinRateLimit: 0, clientRateLimit: 0, lookupRateLimit: 0, trustProxy: false });
const app = createApp(deps);
const now = new Date();
const LETTERS = 'АВЕКМНОРСТУХ';

const made = performance.now();
const client = await db.insertInto('clients').values({ id: crypto.randomUUID(), created_at: now }).returning('id').executeTakeFirstOrThrow();
const user = await db.insertInto('users').values({ client_id: client.id, channel: 'fine', salt: 'bench', created_at: now, email: 'fleet-bench@example.ru', email_confirmed_at: now, user_type: 3 }).returning('id').executeTakeFirstOrThrow();
const session = 'b'.repeat(64);
await db.insertInto('sessions').values({ token_hash: hashToken(session), user_id: user.id, rand: 'c'.repeat(32), created_at: now, last_used_at: now, revoked_at: null }).execute();
const org = await db
  .insertInto('organizations')
  .values({ user_id: user.id, inn: '7707083893', name: 'ООО «Замер»', kpp: null, ogrn: null, address: null, kind: 'legal', subscribe_type: 1, subscription_end: new Date(now.getTime() + 30 * 86_400_000), created_at: now, updated_at: now })
  .returning('id')
  .executeTakeFirstOrThrow();
const payee = JSON.stringify({ name: 'УФК', inn: '7707089101', kpp: '770731005', account: '03100643000000017300', bik: '004525988', bankName: 'Банк', oktmo: '45379000', kbk: '18811601123010001140' });
const today = now.toISOString().slice(0, 10);
for (let start = 0; start < vehicles; start += 250) {
  const batch = Array.from({ length: Math.min(250, vehicles - start) }, (_, k) => start + k);
  const keys = batch.map((i) => `bench:${i}`);
  await db.insertInto('fine_subjects').values(keys.map((key) => ({ key, generated_at: now }))).execute();
  await db
    .insertInto('fleet_vehicles')
    .values(batch.map((i) => ({ organization_id: org.id, sts: `77${LETTERS[i % 12]}${LETTERS[(i >> 4) % 12]}${String(100000 + i).slice(-6)}`, plate_number: `А${String(i % 1000).padStart(3, '0')}ВС`, plate_region: '77', model: null, subject_key: `bench:${i}`, created_at: now })))
    .execute();
  await db
    .insertInto('fines')
    .values(
      batch.flatMap((i) =>
        Array.from({ length: perVehicle }, (_, f) => ({
          subject_key: `bench:${i}`,
          uin: withUinCheckDigit(`188101770${String(i).padStart(5, '0')}${String(f).padStart(5, '0')}`),
          plate_number: `А${String(i % 1000).padStart(3, '0')}ВС`,
          plate_region: '77',
          identifier: 'bench',
          identifier_type: 'sts',
          article: f % 3 === 0 ? '12.9.2' : '12.12.1',
          article_title: f % 3 === 0 ? 'Превышение скорости на 20–40 км/ч' : 'Проезд на красный',
          amount: f % 3 === 0 ? 750 : 1000,
          ruling_date: new Date(now.getTime() - ((i * 7 + f * 37) % 700) * 86_400_000).toISOString().slice(0, 10),
          // Violations at all hours of the ruling's day, so the assignments' bounds are really searched.
          violation_at: `${new Date(now.getTime() - ((i * 7 + f * 37) % 700) * 86_400_000).toISOString().slice(0, 10)}T${String((i + f * 5) % 24).padStart(2, '0')}:${String((f * 13) % 60).padStart(2, '0')}:00+03:00`,
          days_ago: null,
          address: 'г. Москва, Тверская ул., д. 1',
          lat: 55.76,
          lon: 37.61,
          department: 'ЦАФАП ГИБДД',
          paid: f % 4 === 0,
          camera_id: null,
          speed_actual: null,
          speed_limit: null,
          payee,
          share_hash: `${i}-${f}-bench-share-hash`.padEnd(22, 'x').slice(0, 22),
          created_at: now,
          ...storedTerms(new Date(now.getTime() - ((i * 7 + f * 37) % 700) * 86_400_000).toISOString().slice(0, 10), f % 3 === 0 ? '12.9.2' : '12.12.1', f % 3 === 0 ? 750 : 1000),
        })),
      ),
    )
    .execute();
}
console.log(`${vehicles} vehicles, ${vehicles * perVehicle} fines made in ${((performance.now() - made) / 1000).toFixed(1)} s (${db.getExecutor().adapter.constructor.name.replace('Adapter', '')})`);

/** The discount columns a stored fine carries. */
function storedTerms(rulingDate: string, article: string, amount: number) {
  const terms = discountTerms(rulingDate, article, amount);
  return { discount_days: terms.discountDays, discount_kopecks: terms.discountKopecks, full_kopecks: terms.fullKopecks };
}

// Drivers and their monthly waybills (issue 26): the fines' 700 days are 24 months; driver (vehicle + month) mod N.
const months = 24;
const assigned = performance.now();
for (let start = 0; start < vehicles; start += 500) {
  const batch = Array.from({ length: Math.min(500, vehicles - start) }, (_, k) => start + k);
  await db.insertInto('fine_subjects').values(batch.map((i) => ({ key: `bench-dl:${i}`, generated_at: now }))).execute();
  await db.insertInto('fleet_drivers').values(batch.map((i) => ({ organization_id: org.id, number: `77${String(i).padStart(8, '0')}`, full_name: `Водитель ${i}`, subject_key: `bench-dl:${i}`, created_at: now }))).execute();
}
const driverIds = (await db.selectFrom('fleet_drivers').select('id').where('organization_id', '=', org.id).orderBy('id').execute()).map((row) => row.id);
const vehicleIds = (await db.selectFrom('fleet_vehicles').select('id').where('organization_id', '=', org.id).orderBy('id').execute()).map((row) => row.id);
const firstMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months + 1, 1);
const monthStart = (m: number) => new Date(Date.UTC(new Date(firstMonth).getUTCFullYear(), new Date(firstMonth).getUTCMonth() + m, 1) - 3 * 3_600_000);
const spans = vehicleIds.flatMap((vehicleId, v) =>
  Array.from({ length: months }, (_, m) => ({ organization_id: org.id, vehicle_id: vehicleId, driver_id: driverIds[(v + m) % driverIds.length] ?? 0, starts_at: monthStart(m), ends_at: monthStart(m + 1), time_zone: 'Europe/Moscow', created_at: now })),
);
for (let i = 0; i < spans.length; i += 5_000) await db.insertInto('fleet_assignments').values(spans.slice(i, i + 5_000)).execute();
console.log(`${driverIds.length} drivers, ${spans.length} monthly assignments made in ${((performance.now() - assigned) / 1000).toFixed(1)} s`);
for (const [label, scope] of [
  ['Matching all fines to their assignments (first time)', {}],
  ['Matching all fines again (nothing changed, nothing written)', {}],
  ['Matching one vehicle\'s fines (its waybills changed)', { vehicleIds: vehicleIds.slice(0, 1) }],
  ['Matching only new fines (none: what each list request pays)', { onlyNew: true }],
] as const) {
  const t = performance.now();
  const matched = await matchOrganizationFines(db, org.id, new Date(), today, scope);
  const withDriver = await db.selectFrom('fleet_fine_drivers').select((eb) => eb.fn.countAll<string>().as('n')).where('organization_id', '=', org.id).where('driver_id', 'is not', null).executeTakeFirstOrThrow();
  console.log(`${label}: ${(performance.now() - t).toFixed(0)} ms, ${matched} fines matched, ${withDriver.n} with a driver`);
}

const headers = { 'X-Session': session, 'X-Rand': 'c'.repeat(32), 'X-User-Id': String(user.id) };
const timed = async (label: string, path: string) => {
  const times: number[] = [];
  for (let i = 0; i < runs + 2; i++) {
    const t = performance.now();
    const reply = await app.request(path, { headers });
    if (reply.status !== 200) throw new Error(`${path} answered ${reply.status}`);
    await reply.json();
    if (i >= 2) times.push(performance.now() - t); // two warm-up requests
  }
  times.sort((a, b) => a - b);
  console.log(`${label}: p50 ${times[Math.floor(times.length / 2)]?.toFixed(0)} ms, p99 ${times[Math.min(times.length - 1, Math.floor(times.length * 0.99))]?.toFixed(0)} ms`);
};
await timed('Fleet fines, page 1 of all', `/105/api/organization/fines?organization=${org.id}&showBy=50`);
await timed('Fleet fines, unpaid, page 10', `/105/api/organization/fines?organization=${org.id}&paid=0&page=10&showBy=50`);
await timed('Fleet fines, discount running', `/105/api/organization/fines?organization=${org.id}&discount=1&showBy=50`);
await timed('Fleet fines of one driver', `/105/api/organization/fines?organization=${org.id}&driver=${driverIds[0]}&showBy=50`);
await timed('Fleet fines without a driver', `/105/api/organization/fines?organization=${org.id}&driver=none&showBy=50`);

const csv = ['СТС;Госномер;Регион', ...Array.from({ length: 1000 }, (_, i) => `78 ТЕ ${String(200000 + i)};В${String(i % 1000).padStart(3, '0')}ОР;178`)].join('\n');
for (const preview of [true, false]) {
  const form = new FormData();
  form.set('file', new File([csv], 'fleet.csv', { type: 'text/csv' }));
  if (preview) form.set('preview', '1');
  const t = performance.now();
  const reply = await app.request(`/105/api/organization/${org.id}/vehicles/import`, { method: 'POST', headers, body: form });
  const body = (await reply.json()) as { response: { added: number; rows: unknown[] } };
  console.log(`Import of 1,000 rows from CSV (${preview ? 'preview' : 'adding'}): ${(performance.now() - t).toFixed(0)} ms, ${body.response.rows.length} rows read, ${body.response.added} added`);
}
await db.destroy();
await rm(dataDir, { recursive: true, force: true });

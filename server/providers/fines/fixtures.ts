import { readFileSync } from 'node:fs';
import { array, literal, nullable, number, object, string, union, validate } from 'superstruct';
import type { Infer } from 'superstruct';
import { addDays } from '../../../src/lib/isoDate.ts';
import { koapArticle } from '../../../src/lib/koapArticles.ts';
import { validators } from '../../../src/lib/validators.ts';
import { CAMERA_PHOTOS, issuerOf } from './payees.ts';
import type { FineSubject, SourceFine } from './provider.ts';
import { REGIONS, regionOfPlate } from './regions.ts';

/** A plate in the fixtures file. */
const FixturePlate = object({ plateNumber: string(), plateRegion: string() });

/** A document in the fixtures file (the same shapes as FineSubject). */
const FixtureDocument = union([
  object({ kind: literal('sts'), sts: string(), plateNumber: string(), plateRegion: string() }),
  object({ kind: literal('dl'), driverLicense: string() }),
  object({ kind: literal('inn'), inn: string() }),
  object({ kind: literal('plate'), plateNumber: string(), plateRegion: string() }),
  object({ kind: literal('vin'), vin: string() }),
]);

/** A pinned fine; its dates are relative to today, so a demo discount never runs out. */
const FixtureFine = object({
  uin: string(),
  article: string(),
  daysAgo: number(),
  violationDaysBefore: number(),
  time: string(),
  street: string(),
  lat: number(),
  lon: number(),
  camera: nullable(string()),
  speed: nullable(object({ actual: number(), limit: number() })),
  paidDaysAfter: nullable(number()),
});

/** One pinned document (with its aliases) and its fines. */
const FixtureSubject = object({ title: string(), documents: array(FixtureDocument), plate: FixturePlate, fines: array(FixtureFine) });

/** The fixtures file. */
const FixturesFile = object({ subjects: array(FixtureSubject) });

/** A pinned document with its fines. */
export type Fixture = Infer<typeof FixtureSubject>;

/** Reads and checks fixtures.json once; a broken file stops start-up with a clear message. */
export function loadFixtures(path: URL = new URL('./fixtures.json', import.meta.url)): Fixture[] {
  const [error, file] = validate(JSON.parse(readFileSync(path, 'utf8')), FixturesFile);
  if (error !== undefined) throw new Error(`fixtures.json: ${error.message} at ${error.path.join('.')}`);
  for (const subject of file.subjects) {
    for (const fine of subject.fines) {
      if (validators.uin(fine.uin) !== undefined) throw new Error(`fixtures.json: bad УИН ${fine.uin}`);
      if (koapArticle(fine.article) === undefined) throw new Error(`fixtures.json: unknown article ${fine.article}`);
    }
  }
  return file.subjects;
}

/** Whether a fixture document is the given subject. */
export function sameDocument(a: FineSubject, b: FineSubject): boolean {
  switch (a.kind) {
    case 'sts':
      return b.kind === 'sts' && a.sts === b.sts;
    case 'dl':
      return b.kind === 'dl' && a.driverLicense === b.driverLicense;
    case 'inn':
      return b.kind === 'inn' && a.inn === b.inn;
    case 'plate':
      return b.kind === 'plate' && a.plateNumber === b.plateNumber && a.plateRegion === b.plateRegion;
    case 'vin':
      return b.kind === 'vin' && a.vin === b.vin;
  }
}

/** A pinned fine as the source reports it today. */
export function fixtureFine(fixture: Fixture, fine: Fixture['fines'][number], today: string): SourceFine {
  const region = regionOfPlate(fixture.plate.plateRegion) ?? REGIONS[0];
  const article = koapArticle(fine.article);
  if (region === undefined || article === undefined) throw new Error(`fixtures.json: cannot place ${fine.uin}`);
  const camera = fine.camera !== null;
  const { department, payee } = issuerOf(region, camera, fine.article);
  const rulingDate = addDays(today, -fine.daysAgo);
  const paidDate = fine.paidDaysAfter === null ? null : addDays(rulingDate, fine.paidDaysAfter);
  return {
    uin: fine.uin,
    plateNumber: fixture.plate.plateNumber,
    plateRegion: fixture.plate.plateRegion,
    article: article.article,
    articleTitle: article.title,
    amount: article.amount,
    rulingDate,
    violationAt: `${addDays(rulingDate, -fine.violationDaysBefore)}T${fine.time}${region.utcOffset}`,
    daysAgo: fine.daysAgo,
    place: { address: `${region.city}, ${fine.street}`, lat: fine.lat, lon: fine.lon },
    department,
    paidAt: paidDate === null ? null : `${paidDate}T12:40:00+03:00`,
    cameraId: fine.camera,
    speed: fine.speed,
    payee,
    photos: camera ? CAMERA_PHOTOS.map((photo) => ({ ...photo })) : [],
  };
}

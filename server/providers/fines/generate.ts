import { addDays } from '../../../src/lib/isoDate.ts';
import { PLATE_LETTERS } from '../../../src/lib/plate.ts';
import { pickArticle, pickCamera, pickSpeed } from './articles.ts';
import { CAMERA_PHOTOS, issuerOf } from './payees.ts';
import type { Random } from './prng.ts';
import type { FineSubject, SourceFine } from './provider.ts';
import type { Region } from './regions.ts';
import { REGIONS, regionOfPlate } from './regions.ts';
import { cameraUin, inspectorUin, madiUin } from './uins.ts';

/** Share of documents without fines. */
const NO_FINES_SHARE = 1 / 3;
/** Share of fines already paid. */
const PAID_SHARE = 0.15;
/** Rulings go back this many days. */
const HISTORY_DAYS = 730;

/** A vehicle: plate and region. */
export type Plate = { plateNumber: string; plateRegion: string };

/** What one generated fine needs to know besides the random source. */
export type FineContext = { region: Region; plate: Plate; camera: boolean; today: string; uin?: string | undefined; rulingDate?: string | undefined };

/** A random ordinary car plate (type 1: letter, three digits, two letters) of a region from the table. */
export function randomPlate(random: Random): Plate {
  const letter = () => random.pick(Array.from(PLATE_LETTERS));
  const plateNumber = `${letter()}${String(random.int(1, 999)).padStart(3, '0')}${letter()}${letter()}`;
  return { plateNumber, plateRegion: random.pick(random.pick(REGIONS).plateCodes) };
}

/** Coordinates near the centre, to six decimals. */
function near(random: Random, centre: readonly [number, number]): { lat: number; lon: number } {
  const round = (value: number) => Math.round(value * 1e6) / 1e6;
  return { lat: round(centre[0] + (random.next() - 0.5) * 0.16), lon: round(centre[1] + (random.next() - 0.5) * 0.26) };
}

/** 'HH:MM:SS' with the hour drawn from the given list. */
function clockTime(random: Random, hours: readonly number[]): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(random.pick(hours))}:${two(random.int(0, 59))}:${two(random.int(0, 59))}`;
}

/** Daytime-heavy hours when violations are recorded. */
const HOURS = [6, 7, 8, 8, 9, 9, 10, 11, 12, 13, 14, 15, 16, 17, 17, 18, 18, 19, 20, 21, 22, 23, 0, 2];

/** One realistic fine: article, place, time, department, ruling number with its check digit, payee, photos. */
export function generateFine(random: Random, context: FineContext): SourceFine {
  const { region, plate, camera, today } = context;
  const article = pickArticle(random, camera, region.federalCity);
  const rulingDate = context.rulingDate ?? addDays(today, -random.int(0, HISTORY_DAYS - 1));
  const violationDate = camera ? addDays(rulingDate, -random.int(0, 4)) : rulingDate;
  const violationAt = `${violationDate}T${clockTime(random, HOURS)}${region.utcOffset}`;
  const street = random.pick(region.streets);
  const address = `${region.city}, ${street}${street.includes(' км') ? '' : `, д. ${random.int(1, 140)}`}`;
  const { madi, department, payee } = issuerOf(region, camera, article.article);
  const uin =
    context.uin ??
    (madi ? madiUin(random, rulingDate) : camera ? cameraUin(random, region.code, rulingDate) : inspectorUin(random, region.code, rulingDate));
  const paid = random.next() < PAID_SHARE;
  const paidDate = addDays(rulingDate, random.int(1, 25));
  return {
    uin,
    plateNumber: plate.plateNumber,
    plateRegion: plate.plateRegion,
    article: article.article,
    articleTitle: article.title,
    amount: article.amount,
    rulingDate,
    violationAt,
    daysAgo: null,
    place: { address, ...near(random, region.centre) },
    department,
    paidAt: paid ? `${paidDate < today ? paidDate : today}T${clockTime(random, [9, 12, 15, 19])}+03:00` : null,
    cameraId: camera ? pickCamera(random, article.article) : null,
    speed: pickSpeed(random, article.article),
    payee,
    photos: camera ? CAMERA_PHOTOS.map((photo) => ({ ...photo })) : [],
  };
}

/** The plate a subject drives under: its own, or one the seed picks (licences, ИНН and VIN carry none). */
function plateOf(random: Random, subject: FineSubject): Plate {
  if (subject.kind === 'sts' || subject.kind === 'plate') return { plateNumber: subject.plateNumber, plateRegion: subject.plateRegion };
  return randomPlate(random);
}

/** Every fine of a document, from a random source seeded by it: a third have none; a licence gets mostly inspectors' rulings. */
export function generateFines(random: Random, subject: FineSubject, today: string): SourceFine[] {
  if (random.next() < NO_FINES_SHARE) return [];
  const plate = plateOf(random, subject);
  const home = regionOfPlate(plate.plateRegion) ?? random.pick(REGIONS);
  const count = random.weighted([[1, 30], [2, 25], [3, 20], [4, 12], [5, 8], [6, 5]] as const);
  const inspectorShare = subject.kind === 'dl' ? 0.8 : 0.15;
  const fines: SourceFine[] = [];
  for (let i = 0; i < count; i++) {
    const region = random.next() < 0.85 ? home : random.pick(REGIONS);
    fines.push(generateFine(random, { region, plate, camera: random.next() >= inspectorShare, today }));
  }
  return fines.sort((a, b) => (a.rulingDate < b.rulingDate ? 1 : a.rulingDate > b.rulingDate ? -1 : 0));
}

import { koapArticle } from '../../../src/lib/koapArticles.ts';
import { generateFine, randomPlate } from './generate.ts';
import { issuerOf } from './payees.ts';
import { cameraUin, inspectorUin, madiUin } from './uins.ts';
import { seededRandom } from './prng.ts';
import type { FineSubject, SourceFine } from './provider.ts';
import { REGIONS, regionOfPlate } from './regions.ts';

/**
 * A new unpaid camera (or, for a licence, inspector) ruling for a document, dated today or on
 * `options.rulingDate` (its number and its discount run from that day), as the sandbox controls issue
 * it; `serial` (how many were added before) keeps each one distinct.
 */
export function newSandboxFine(subject: FineSubject, today: string, options: { amount?: number; article?: string; rulingDate?: string }, serial: number): SourceFine {
  const rulingDate = options.rulingDate ?? today;
  const random = seededRandom(`fines-sandbox/added/${JSON.stringify(subject)}/${today}/${serial}`);
  const plate = subject.kind === 'sts' || subject.kind === 'plate' ? { plateNumber: subject.plateNumber, plateRegion: subject.plateRegion } : randomPlate(random);
  const region = regionOfPlate(plate.plateRegion) ?? REGIONS.find((r) => r.code === '77') ?? (REGIONS[0] as (typeof REGIONS)[number]);
  const fine = generateFine(random, { region, plate, camera: subject.kind !== 'dl', today, rulingDate });
  const chosen = options.article === undefined ? undefined : koapArticle(options.article);
  // A chosen article decides who issued the ruling (МАДИ only for Moscow parking) and so its number.
  const issuer = chosen === undefined ? undefined : issuerOf(region, subject.kind !== 'dl', chosen.article);
  const uin = issuer === undefined ? fine.uin : issuer.madi ? madiUin(random, rulingDate) : subject.kind === 'dl' ? inspectorUin(random, region.code, rulingDate) : cameraUin(random, region.code, rulingDate);
  return {
    ...fine,
    ...(chosen === undefined || issuer === undefined
      ? {}
      : {
          uin,
          article: chosen.article,
          articleTitle: chosen.title,
          amount: chosen.amount,
          department: issuer.department,
          payee: issuer.payee,
          speed: chosen.article.startsWith('12.9.') ? fine.speed : null,
        }),
    ...(options.amount === undefined ? {} : { amount: options.amount }),
    paidAt: null,
  };
}

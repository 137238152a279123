import { KOAP_ARTICLES } from '../../../src/lib/koapArticles.ts';
import type { KoapArticle } from '../../../src/lib/koapArticles.ts';
import type { Random } from './prng.ts';

/** How often cameras record each article (relative weights; speeding dominates, as in real statistics). */
const CAMERA_WEIGHTS: Record<string, number> = {
  '12.9.2': 40, '12.9.3': 8, '12.9.4': 2, '12.9.5': 1, '12.12.1': 6, '12.12.2': 4, '12.13.1': 2,
  '12.15.1': 3, '12.15.4': 1, '12.16.1': 8, '12.16.2': 3, '12.16.4': 6, '12.17.1.1': 5, '12.18': 4,
  '12.19.3': 2, '12.6': 3, '12.36.1': 2, '12.21.4.1': 2, '12.21.4.2': 1, '12.21.3.1': 1,
};

/** How often inspectors write each article. */
const INSPECTOR_WEIGHTS: Record<string, number> = {
  '12.6': 12, '12.9.2': 6, '12.14.3': 8, '12.5.3.1': 7, '12.37.2': 8, '12.20': 5, '12.2.1': 4,
  '12.23.3': 3, '12.18': 4, '12.16.1': 4, '12.1.1': 2, '12.36.1': 3, '12.15.1': 1, '12.37.3': 2,
};

/** Parts that КоАП sets higher in Moscow and Saint Petersburg: the general part → the federal-city part. */
const FEDERAL_CITY_PARTS: Record<string, string> = { '12.16.4': '12.16.5', '12.17.1.1': '12.17.1.2', '12.19.3': '12.19.6' };

/** Weighted choices from the КоАП table (articles missing from it are skipped). */
function choices(weights: Record<string, number>): (readonly [KoapArticle, number])[] {
  return KOAP_ARTICLES.filter((entry) => weights[entry.article] !== undefined).map((entry) => [entry, weights[entry.article] ?? 0] as const);
}

/** Camera choices, computed once. */
const CAMERA = choices(CAMERA_WEIGHTS);
/** Inspector choices, computed once. */
const INSPECTOR = choices(INSPECTOR_WEIGHTS);

/** An article for a camera or an inspector ruling; in Moscow or Saint Petersburg 12.16 ч. 4, 12.17 ч. 1.1 and 12.19 ч. 3 become their federal-city parts. */
export function pickArticle(random: Random, camera: boolean, federalCity: boolean): KoapArticle {
  const entry = random.weighted(camera ? CAMERA : INSPECTOR);
  const cityPart = federalCity ? FEDERAL_CITY_PARTS[entry.article] : undefined;
  if (cityPart !== undefined) return KOAP_ARTICLES.find((a) => a.article === cityPart) ?? entry;
  return entry;
}

/** Speed excess ranges of the speeding parts of 12.9 (km/h over the limit). */
const EXCESS: Record<string, readonly [number, number]> = {
  '12.9.2': [21, 40], '12.9.3': [41, 60], '12.9.4': [61, 80], '12.9.5': [81, 110], '12.9.6': [41, 60], '12.9.7': [61, 90],
};

/** Measured and allowed speed for a speeding article, null for others. */
export function pickSpeed(random: Random, article: string): { actual: number; limit: number } | null {
  const range = EXCESS[article];
  if (range === undefined) return null;
  const limit = random.weighted([[60, 10], [40, 2], [80, 3], [90, 3], [110, 2]] as const);
  return { actual: limit + random.int(range[0], range[1]), limit };
}

/** Whether the article is about stopping or parking (МАДИ rules on those in Moscow). */
export function isParking(article: string): boolean {
  return article.startsWith('12.16.4') || article.startsWith('12.16.5') || article.startsWith('12.19');
}

/** A camera id with its model, chosen to suit the violation, e.g. 'Кордон-М2 № MB0217'. */
export function pickCamera(random: Random, article: string): string {
  const models = article.startsWith('12.9')
    ? ['Кордон-М2', 'Стрелка-СТ', 'Азимут-4', 'Крис-П', 'Арена']
    : isParking(article)
      ? ['Паркон-А', 'Ангел', 'Паркрайт']
      : article.startsWith('12.12')
        ? ['Автоураган-ВСМ2', 'Азимут-4', 'Кордон-Темп']
        : ['Кордон-Темп', 'Одиссей', 'Стрелка-Плюс'];
  const prefix = random.pick(['MB', 'MD', 'KB', 'AZ', 'SP']);
  return `${random.pick(models)} № ${prefix}${random.digits(4)}`;
}

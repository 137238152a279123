import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REGIONS, regionOfPlate } from '../../../server/providers/fines/regions.ts';
import { describeSharedCode, plateCodeMeanings, SHARED_PLATE_CODES } from '../../../src/lib/legalFacts/plateCodes.ts';

/** regionCodes of every city page, by slug. */
const cityCodes = new Map(
  readdirSync('content/cities').map((file) => [file.replace(/\.json$/, ''), (JSON.parse(readFileSync(join('content/cities', file), 'utf8')) as { regionCodes: string[] }).regionCodes]),
);

describe('shared plate codes (issue 15 item 10)', () => {
  it.each([
    ['80', 'Донецкая', 'Агинский'],
    ['81', 'Луганская', 'Коми-Пермяцкий'],
    ['84', 'Херсонская', 'Таймырский'],
    ['85', 'Запорожская', 'Усть-Ордынский'],
  ])('code %s means %s now and %s on older plates', (code, now, old) => {
    const [current, earlier] = plateCodeMeanings(code);
    expect(current?.region).toContain(now);
    expect(current?.issuedNow).toBe(true);
    expect(earlier?.region).toContain(old);
    expect(earlier?.issuedNow).toBe(false);
    expect(describeSharedCode(code)).toContain(now);
    expect(describeSharedCode(code)).toContain(old);
  });

  it('has no second meaning for ordinary codes', () => {
    expect(plateCodeMeanings('77')).toEqual([]);
    expect(describeSharedCode('59')).toBe('');
  });

  it.each([
    ['perm', '81'], ['krasnoyarsk', '84'], ['krasnoyarsk', '88'], ['irkutsk', '85'], ['chita', '80'],
    ['donetsk', '80'], ['lugansk', '81'], ['genichesk', '84'], ['melitopol', '85'],
  ])('the %s city page lists code %s', (slug, code) => {
    expect(cityCodes.get(slug)).toContain(code);
  });

  it('lists each shared code on exactly the two city pages of its meanings, where both exist', () => {
    for (const code of Object.keys(SHARED_PLATE_CODES)) {
      const pages = [...cityCodes].filter(([, codes]) => codes.includes(code)).map(([slug]) => slug);
      expect(pages.length).toBe(2);
    }
  });
});

describe('the sandbox region table', () => {
  it.each([
    ['78', 'г. Санкт-Петербург'], ['98', 'г. Санкт-Петербург'], ['178', 'г. Санкт-Петербург'], ['198', 'г. Санкт-Петербург'],
    ['977', 'г. Москва'], ['81', 'г. Пермь'], ['84', 'г. Красноярск'], ['88', 'г. Красноярск'], ['85', 'г. Иркутск'],
  ])('code %s → %s', (code, city) => {
    expect(regionOfPlate(code)?.city).toBe(city);
  });

  it('gives every code to one region only', () => {
    const codes = REGIONS.flatMap((region) => region.plateCodes);
    expect(new Set(codes).size).toBe(codes.length);
  });
});

import { createHash } from 'node:crypto';

/** A deterministic random source: the same seed gives the same sequence on every machine. */
export type Random = {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** One element, chosen with the given weights. */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
  /** `count` random decimal digits as a string. */
  digits(count: number): string;
};

/** sfc32 (Small Fast Counting), seeded with the SHA-256 of the text: well mixed and identical everywhere. */
export function seededRandom(seedText: string): Random {
  const hash = createHash('sha256').update(seedText).digest();
  let a = hash.readUInt32LE(0);
  let b = hash.readUInt32LE(4);
  let c = hash.readUInt32LE(8);
  let d = hash.readUInt32LE(12);
  const next = (): number => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (a + b + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    const item = items[int(0, items.length - 1)];
    if (item === undefined) throw new RangeError('pick from an empty list');
    return item;
  };
  const weighted = <T>(items: readonly (readonly [T, number])[]): T => {
    const total = items.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = next() * total;
    for (const [item, weight] of items) {
      roll -= weight;
      if (roll < 0) return item;
    }
    return pick(items)[0];
  };
  const digits = (count: number): string => Array.from({ length: count }, () => String(int(0, 9))).join('');
  return { next, int, pick, weighted, digits };
}

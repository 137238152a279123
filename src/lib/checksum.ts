/** The digits of a string of ASCII digits as numbers; throws RangeError on anything else (a programming error). */
export function digitsOf(body: string, lengths: readonly number[], what: string): number[] {
  if (!/^\d+$/.test(body) || !lengths.includes(body.length)) {
    throw new RangeError(`${what}: expected ${lengths.join(' or ')} digits, got '${body.slice(0, 40)}'`);
  }
  return Array.from(body, Number);
}

/** Σ digit × weight, the weights taken in order. */
export function weightedSum(digits: readonly number[], weights: readonly number[]): number {
  let sum = 0;
  digits.forEach((digit, i) => {
    sum += digit * (weights[i] ?? 0);
  });
  return sum;
}

/** The number written by `digits` modulo `m`, without overflowing (Horner's scheme). */
export function decimalMod(digits: readonly number[], m: number): number {
  let r = 0;
  for (const digit of digits) r = (r * 10 + digit) % m;
  return r;
}

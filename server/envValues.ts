// The value parsers every settings module shares, and the error they throw (server/env.ts reads the whole environment).

/** Thrown when an environment variable has a value the service cannot use; the message names it. */
export class EnvError extends Error {
  override name = 'EnvError';
}

/** Roubles with up to two decimals ('150', '149.90'), as kopecks; the fallback when unset. */
export function parseRoubles(value: string | undefined, name: string, fallbackKopecks: number): number {
  if (value === undefined || value.trim() === '') return fallbackKopecks;
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(value.trim());
  if (match === null || Number(match[1]) === 0) throw new EnvError(`${name} must be a price in roubles such as 150 or 149.90, got "${value}"`);
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/** An https address; the fallback when unset. */
export function parseHttpsUrl(value: string | undefined, name: string, fallback: string): string {
  if (value === undefined || value.trim() === '') return fallback;
  if (!/^https:\/\/\S+$/.test(value.trim())) throw new EnvError(`${name} must be an https:// address, got "${value}"`);
  return value.trim();
}

/** A whole number from 0 to `max`, or the fallback when the variable is unset or empty. */
export function parseWholeNumber(value: string | undefined, name: string, fallback: number, max: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const text = value.trim();
  if (!/^\d+$/.test(text) || Number(text) > max) {
    throw new EnvError(`${name} must be a whole number from 0 to ${max}, got "${value}"`);
  }
  return Number(text);
}

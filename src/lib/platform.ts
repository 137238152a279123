/** The platforms a stored auth record can belong to (spec §3, §5). */
export const PLATFORMS = ['web', 'chromeExtension'] as const;

/** One of PLATFORMS. */
export type Platform = (typeof PLATFORMS)[number];

/** The default platform (spec §5). */
export const DEFAULT_PLATFORM: Platform = 'web';

/** Whether the value is exactly a known platform name. */
export function isPlatform(value: unknown): value is Platform {
  return PLATFORMS.some((platform) => platform === value);
}

/** A platform from a stored or received value: missing or empty → 'web', a known name → itself, anything else → undefined (invalid). */
export function parsePlatform(value: unknown): Platform | undefined {
  if (value === undefined || value === null || value === '') return DEFAULT_PLATFORM;
  return isPlatform(value) ? value : undefined;
}

import { describe, expect, it } from 'vitest';
import { DEFAULT_PLATFORM, isPlatform, parsePlatform, PLATFORMS } from '../../../src/lib/platform.ts';

describe('platform (spec §5: web or chromeExtension; default web; anything else invalid)', () => {
  it('knows two platforms and defaults to web', () => {
    expect(PLATFORMS).toEqual(['web', 'chromeExtension']);
    expect(DEFAULT_PLATFORM).toBe('web');
  });

  it.each([
    ['web', 'web'],
    ['chromeExtension', 'chromeExtension'],
    [undefined, 'web'],
    [null, 'web'],
    ['', 'web'],
    ['Web', undefined],
    ['chrome', undefined],
    [1, undefined],
    [{}, undefined],
  ])('parsePlatform(%j) → %j', (value, expected) => {
    expect(parsePlatform(value)).toBe(expected);
    expect(isPlatform(value)).toBe(expected !== undefined && value === expected);
  });
});

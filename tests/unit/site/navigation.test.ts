import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkNavigation, chunkReloadDecision, screenName } from '../../../src/lib/navigation.ts';

const origin = 'https://shtrafy.example.ru';

describe('navigation targets (spec §8)', () => {
  it.each([
    ['/fines/', true],
    ['https://shtrafy.example.ru/news/', true],
    ['https://evil.example.com/', false],
    ['//evil.example.com/', false],
    ['javascript:alert(1)', false],
    [' JaVaScRiPt:alert(1)', false],
    ['java\tscript:alert(1)', false],
    ['data:text/html,x', false],
    ['vbscript:msgbox', false],
  ])('%s → allowed %s', (target, ok) => expect(checkNavigation(target, origin).ok).toBe(ok));

  it('allows an external URL only when asked', () => {
    expect(checkNavigation('https://pay.example.com/', origin, { allowExternal: true }).ok).toBe(true);
  });

  it('refuses a script protocol even when external URLs are allowed', () => {
    expect(checkNavigation('javascript:alert(1)', origin, { allowExternal: true })).toEqual({ ok: false, reason: 'script' });
  });

  it('never allows a script protocol, whatever follows it', () => {
    fc.assert(
      fc.property(fc.constantFrom('javascript:', 'JAVASCRIPT:', 'data:', 'vbscript:'), fc.string(), (proto, rest) => {
        expect(checkNavigation(proto + rest, origin, { allowExternal: true }).ok).toBe(false);
      }),
    );
  });
});

describe('chunk reload (spec §8)', () => {
  it('reloads once per path within 10 000 ms', () => {
    const first = chunkReloadDecision({}, '/fines/', 1_000);
    expect(first.reload).toBe(true);
    expect(chunkReloadDecision(first.history, '/fines/', 10_999).reload).toBe(false);
    expect(chunkReloadDecision(first.history, '/fines/', 11_000).reload).toBe(true);
    expect(chunkReloadDecision(first.history, '/news/', 2_000).reload).toBe(true);
  });
});

describe('loaded-screen name', () => {
  it.each([
    ['/', ''],
    ['/news/', 'news'],
    ['/good_to_know/tags/osago/', 'good_to_knowtagsosago'],
  ])('%s → %s', (path, name) => expect(screenName(path)).toBe(name));
});

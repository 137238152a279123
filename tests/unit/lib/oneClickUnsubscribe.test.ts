import { describe, expect, it } from 'vitest';
import { oneClickUnsubscribeTarget } from '../../../src/lib/oneClickUnsubscribe.ts';

describe('one-click unsubscribe (RFC 8058)', () => {
  it.each([
    ['POST', 'https://x.ru/email/unsubscrib/?token=5.unsubscribe.20000.abc', '/105/api/email/unsubscribe?token=5.unsubscribe.20000.abc'],
    ['POST', 'https://x.ru/email/unsubscrib?token=t', '/105/api/email/unsubscribe?token=t'],
    ['GET', 'https://x.ru/email/unsubscrib/?token=t', undefined],
    ['POST', 'https://x.ru/email/unsubscrib/', undefined],
    ['POST', 'https://x.ru/email/subscribe/?token=t', undefined],
    ['POST', 'https://x.ru/email/unsubscrib/?token=a&session=s', '/105/api/email/unsubscribe?token=a'],
  ])('%s %s → %s', (method, url, target) => {
    expect(oneClickUnsubscribeTarget(method, new URL(url))).toBe(target);
  });
});

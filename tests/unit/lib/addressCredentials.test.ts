import { describe, expect, it } from 'vitest';
import { acceptsAddressCredentials, readAddressCredentials, readAddressHandoff } from '../../../src/lib/addressCredentials.ts';

const session = 'a'.repeat(64);
const rand = 'b'.repeat(32);

describe('pages that take credentials in their address', () => {
  it.each([
    ['/webview/payment/', true],
    ['/webview/ordinances-map/', true],
    ['/payment/chromeExtension/', true],
    ['/organizations-form-mobile/', true],
    ['/tbank-test/', true],
    ['/fines/', false],
    ['/profile/', false],
    ['/', false],
    ['/webviewx/', false],
  ])('%s → %s', (path, accepted) => {
    expect(acceptsAddressCredentials(path)).toBe(accepted);
  });
});

describe('reading credentials from a webview address', () => {
  it('takes a full set and strips only the credential keys', () => {
    const found = readAddressCredentials(new URL(`https://x.ru/webview/taxes/?session=${session}&rand=${rand}&userId=42&utm_source=app#list`));
    expect(found).toEqual({
      record: { clientId: '', salt: '', rand, userId: '42', session },
      platform: 'web',
      cleanedPath: '/webview/taxes/?utm_source=app#list',
    });
  });

  it('keeps the extension record apart', () => {
    const found = readAddressCredentials(new URL(`https://x.ru/payment/chromeExtension/?session=${session}&rand=${rand}&userId=7&platform=chromeExtension`));
    expect(found).toMatchObject({ platform: 'chromeExtension', cleanedPath: '/payment/chromeExtension/' });
  });

  it.each([
    ['a short session', `session=abc&rand=${rand}&userId=1`],
    ['no rand', `session=${session}&userId=1`],
    ['a user id that is not a number', `session=${session}&rand=${rand}&userId=x`],
    ['an unknown platform', `session=${session}&rand=${rand}&userId=1&platform=ios`],
  ])('stores nothing for %s, but still strips it', (_case, query) => {
    const found = readAddressCredentials(new URL(`https://x.ru/webview/payment/?${query}&a=1`));
    expect(found).toEqual({ record: undefined, cleanedPath: '/webview/payment/?a=1' });
  });

  it('ignores pages that do not take credentials, and addresses without them', () => {
    expect(readAddressCredentials(new URL(`https://x.ru/fines/?session=${session}&rand=${rand}&userId=1`))).toBeUndefined();
    expect(readAddressCredentials(new URL('https://x.ru/webview/payment/?a=1'))).toBeUndefined();
  });
});

describe('reading a one-time handoff code', () => {
  const code = 'A'.repeat(43);
  it.each([
    [`https://x.ru/webview/taxes/?handoff=${code}`, code],
    [`https://x.ru/webview/taxes/?handoff=short`, undefined],
    [`https://x.ru/fines/?handoff=${code}`, undefined],
    ['https://x.ru/webview/taxes/', undefined],
  ])('%s → %s', (href, expected) => {
    expect(readAddressHandoff(new URL(href))).toBe(expected);
  });

  it('strips the code from the address with the other credential keys', () => {
    expect(readAddressCredentials(new URL(`https://x.ru/webview/taxes/?handoff=${code}&a=1`))).toEqual({ record: undefined, cleanedPath: '/webview/taxes/?a=1' });
  });
});

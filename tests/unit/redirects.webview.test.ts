import { describe, expect, it } from 'vitest';
import { DEFAULT_PARTNER_HOSTS, isPartnerHost, parseAllowedHosts } from '../../src/lib/partnerHosts.ts';
import { decideRedirect, isAllowedHost } from '../../src/lib/redirects.ts';

const allowedHosts = ['pay.partner-bank.example', 'lk.avto-partner.example'];
const webview = (target: string, path = '/app/webview') =>
  decideRedirect(new URL(`https://shtrafy.test${path}?url=${encodeURIComponent(target)}`), { allowedHosts });
const webviewRaw = (rawQuery: string) =>
  decideRedirect(new URL(`https://shtrafy.test/app/webview?${rawQuery}`), { allowedHosts });

describe('/app/webview to allow-listed partners', () => {
  it.each([
    ['https://pay.partner-bank.example', 'https://pay.partner-bank.example/'],
    ['https://pay.partner-bank.example/checkout?order=42&sum=1500', 'https://pay.partner-bank.example/checkout?order=42&sum=1500'],
    ['https://a.pay.partner-bank.example/x', 'https://a.pay.partner-bank.example/x'],
    ['https://b.a.pay.partner-bank.example/', 'https://b.a.pay.partner-bank.example/'],
    ['https://lk.avto-partner.example/login', 'https://lk.avto-partner.example/login'],
    ['https://PAY.Partner-Bank.EXAMPLE/Path', 'https://pay.partner-bank.example/Path'],
    ['https://pay.partner-bank.example:8443/p', 'https://pay.partner-bank.example:8443/p'],
    ['https://pay.partner-bank.example/#section', 'https://pay.partner-bank.example/#section'],
  ])('%s → 302 %s', (target, location) => {
    expect(webview(target)).toEqual({ kind: 'redirect', status: 302, location });
  });

  it('also answers on /app/webview/ with the slash', () => {
    expect(webview('https://pay.partner-bank.example/', '/app/webview/')).toEqual({
      kind: 'redirect',
      status: 302,
      location: 'https://pay.partner-bank.example/',
    });
  });
});

describe('/app/webview refuses everything else with a 404', () => {
  it.each([
    // plain http, even to a partner: anyone on the network could change the page (issue 17)
    ['http://lk.avto-partner.example/login'],
    ['http://pay.partner-bank.example/'],
    // foreign hosts and look-alikes
    ['https://evil.com/'],
    ['https://evilpay.partner-bank.example/'],
    ['https://pay.partner-bank.example.evil.com/'],
    ['https://partner-bank.example/'],
    ['https://pay-partner-bank.example/'],
    ['https://pay.partner-bank.example./'],
    ['https://pay.partner-bank.examples/'],
    ['https://pay.pаrtner-bank.ru/'], // Cyrillic 'а'
    ['https://xn--py-8kc.partner-bank.example/'],
    ['https://pay.partner-bank.example\u3002evil.com/'], // ideographic full stop
    ['https://pay.partner-bank.example%2eevil.com/'],
    ['https://1.2.3.4/'],
    // credentials and parser confusion
    ['https://pay.partner-bank.example@evil.com/'],
    ['https://pay.partner-bank.example:443@evil.com/'],
    ['https://user:pass@pay.partner-bank.example/'],
    ['https://evil.com#@pay.partner-bank.example'],
    ['https://evil.com?@pay.partner-bank.example'],
    ['https://evil.com\\@pay.partner-bank.example'],
    ['https://pay.partner-bank.example\\@evil.com'],
    ['https:\\\\evil.com'],
    ['https:/\\evil.com'],
    ['https:evil.com'],
    ['https:///evil.com'],
    // relative and protocol-relative
    ['//evil.com'],
    ['/\\evil.com'],
    ['\\\\evil.com'],
    ['/fines/'],
    ['pay.partner-bank.example/checkout'],
    [''],
    // script and other protocols, with case, whitespace, control-character and encoding tricks
    ['javascript:alert(1)'],
    ['JaVaScRiPt:alert(1)'],
    [' javascript:alert(1)'],
    ['\tjavascript:alert(1)'],
    ['java\tscript:alert(1)'],
    ['java\nscript:alert(1)'],
    ['\u0000javascript:alert(1)'],
    ['javascript%3Aalert(1)'],
    ['%6Aavascript:alert(1)'],
    ['javascript://pay.partner-bank.example/%0Aalert(1)'],
    ['data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
    ['vbscript:msgbox(1)'],
    ['file:///etc/passwd'],
    ['ftp://pay.partner-bank.example/'],
    ['HTTPS://pay.partner-bank.example/'],
    [' https://pay.partner-bank.example/'],
    ['https://pay.partner-bank.example/ '],
    ['https://pay.partner-bank.example/\r\nSet-Cookie:x=1'],
    ['https://pay.partner-bank.example/путь'],
  ])('%j', (target) => {
    expect(webview(target)).toEqual({ kind: 'notFound' });
  });

  it.each([
    [''],
    ['url='],
    ['link=https%3A%2F%2Fpay.partner-bank.example%2F'],
    ['url=https%3A%2F%2Fpay.partner-bank.example%2F&url=https%3A%2F%2Fevil.com%2F'],
    ['url=https%253A%252F%252Fpay.partner-bank.example%252F'],
    ['url=https://evil.com/&next=https://pay.partner-bank.example/'],
  ])('query %j', (rawQuery) => {
    expect(webviewRaw(rawQuery)).toEqual({ kind: 'notFound' });
  });

  it('refuses every target when the allow-list is empty', () => {
    const url = new URL('https://shtrafy.test/app/webview?url=https%3A%2F%2Fpay.partner-bank.example%2F');
    expect(decideRedirect(url, { allowedHosts: [] })).toEqual({ kind: 'notFound' });
  });

  it.each([[''], ['.'], ['ru'], ['.ru'], ['*'], ['partner-bank.example/']])(
    'an unusable allow-list entry %j admits nothing',
    (entry) => {
      expect(isAllowedHost('evil.ru', [entry])).toBe(false);
      expect(isAllowedHost('evil.com.', [entry])).toBe(false);
    },
  );
});

describe('partner allow-list configuration', () => {
  it.each([
    [undefined, [...DEFAULT_PARTNER_HOSTS]],
    ['', [...DEFAULT_PARTNER_HOSTS]],
    ['   ', [...DEFAULT_PARTNER_HOSTS]],
    ['pay.bank-one.ru', ['pay.bank-one.ru']],
    [' Pay.Bank-One.RU , lk.insurer.ru ', ['pay.bank-one.ru', 'lk.insurer.ru']],
    ['*.bank-one.ru', ['bank-one.ru']],
    ['a.ru,a.ru', ['a.ru']],
    ['xn--80aswg.xn--p1ai', ['xn--80aswg.xn--p1ai']],
    ['https://evil.com/, ru, 1.2.3.4, пример.рф, ,', []],
    ['pay.bank-one.ru,evil .com', ['pay.bank-one.ru']],
  ])('%j → %j', (envValue, hosts) => {
    expect(parseAllowedHosts(envValue)).toEqual(hosts);
  });

  it('ships valid defaults of its own invention', () => {
    expect(DEFAULT_PARTNER_HOSTS.length).toBeGreaterThan(0);
    expect(DEFAULT_PARTNER_HOSTS.every(isPartnerHost)).toBe(true);
  });
});

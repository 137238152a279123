import { describe, expect, it } from 'vitest';
import { EnvError, loadServerEnv } from '../../../server/env.ts';
import { DEFAULT_PARTNER_HOSTS } from '../../../src/lib/partnerHosts.ts';

describe('server environment', () => {
  it('has working defaults', () => {
    const env = loadServerEnv({});
    expect(env.port).toBe(4321);
    expect(env.dataDir).toBe('.data');
    expect(env.databaseUrl).toBeUndefined();
    expect(env.webviewAllowedHosts).toEqual([...DEFAULT_PARTNER_HOSTS]);
  });

  it('reads the webview allow-list, subdomain wildcards included', () => {
    expect(loadServerEnv({ WEBVIEW_ALLOWED_HOSTS: 'Pay.Bank.example, *.lk.example' }).webviewAllowedHosts).toEqual(['pay.bank.example', 'lk.example']);
  });

  it.each([
    ['PORT', 'abc', /PORT/],
    ['PORT', '70000', /PORT/],
    ['DATABASE_URL', 'mysql://x', /DATABASE_URL/],
    ['WEBVIEW_ALLOWED_HOSTS', 'pay.bank.example, https://evil.example/', /WEBVIEW_ALLOWED_HOSTS/],
    ['WEBVIEW_ALLOWED_HOSTS', 'ru', /WEBVIEW_ALLOWED_HOSTS/],
  ])('%s=%s stops start-up with a message naming it', (name, value, message) => {
    expect(() => loadServerEnv({ [name]: value })).toThrow(EnvError);
    expect(() => loadServerEnv({ [name]: value })).toThrow(message);
  });
});

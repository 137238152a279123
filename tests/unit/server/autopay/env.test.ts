import { describe, expect, it } from 'vitest';
import { EnvError, loadServerEnv } from '../../../../server/env.ts';

describe('autopay settings', () => {
  it('default to a day, six hours and two days, with no MerchantAPI login', () => {
    expect(loadServerEnv({}).autopay).toEqual({ delayMinutes: 1440, retryMinutes: 360, marginDays: 2, merchantApi: undefined });
  });

  it('read the MerchantAPI login, both parts or none', () => {
    expect(loadServerEnv({ MONETA_API_USERNAME: 'svc', MONETA_API_PASSWORD: 'pw' }).autopay.merchantApi).toEqual({ url: 'https://service.moneta.ru/services', username: 'svc', password: 'pw' });
    expect(() => loadServerEnv({ MONETA_API_USERNAME: 'svc' })).toThrow(EnvError);
  });

  it.each([['AUTOPAY_DELAY_MINUTES', 'soon'], ['AUTOPAY_RETRY_MINUTES', '-5'], ['AUTOPAY_MARGIN_DAYS', '40']])('%s=%s stops start-up naming it', (name, value) => {
    expect(() => loadServerEnv({ [name]: value })).toThrow(name);
  });
});

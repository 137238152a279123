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
    ['SMTP_URL', 'http://mail.example.ru', /SMTP_URL/],
    ['MAIL_FROM', 'no address', /MAIL_FROM/],
    ['PUBLIC_SITE_URL', 'shtrafy.example.ru', /PUBLIC_SITE_URL/],
    ['SESSION_TTL_DAYS', '0', /SESSION_TTL_DAYS/],
    ['SESSION_TTL_DAYS', '5000', /SESSION_TTL_DAYS/],
    ['ORDINANCES_DELAY_MS', '-1', /ORDINANCES_DELAY_MS/],
    ['DEMO_DAYS', '0', /DEMO_DAYS/],
    ['TARIFF_PER_VEHICLE_MONTH', '15 рублей', /TARIFF_PER_VEHICLE_MONTH/],
    ['RECHECK_INTERVAL', '10s', /RECHECK_INTERVAL/],
    ['IMPORT_RATE_LIMIT', 'twenty', /IMPORT_RATE_LIMIT/],
    ['MAP_RATE_LIMIT', 'много', /MAP_RATE_LIMIT/],
    ['COMPANY_LOOKUP_LIMIT', '-1', /COMPANY_LOOKUP_LIMIT/],
  ])('%s=%s stops start-up with a message naming it', (name, value, message) => {
    expect(() => loadServerEnv({ [name]: value })).toThrow(EnvError);
    expect(() => loadServerEnv({ [name]: value })).toThrow(message);
  });

  it('reads the limits of the map and of the company lookup, with their defaults (0 turns one off)', () => {
    expect(loadServerEnv({})).toMatchObject({ mapRateLimit: 120, companyLookupLimit: 30 });
    expect(loadServerEnv({ MAP_RATE_LIMIT: '0', COMPANY_LOOKUP_LIMIT: '5' })).toMatchObject({ mapRateLimit: 0, companyLookupLimit: 5 });
  });

  it('reads the account settings, with their defaults', () => {
    expect(loadServerEnv({})).toMatchObject({
      production: false,
      smtpUrl: undefined,
      siteUrl: 'http://localhost:4321',
      mailFrom: 'Штрафы Онлайн <noreply@localhost.localdomain>',
      sessionTtlDays: 30,
      ordinancesDelayMs: 2000,
    });
    expect(loadServerEnv({ PUBLIC_SITE_URL: 'https://shtrafy.example.ru/', SMTP_URL: 'smtp://u:p@mail.example.ru:587', SESSION_TTL_DAYS: '7' })).toMatchObject({
      siteUrl: 'https://shtrafy.example.ru',
      mailFrom: 'Штрафы Онлайн <noreply@shtrafy.example.ru>',
      smtpUrl: 'smtp://u:p@mail.example.ru:587',
      sessionTtlDays: 7,
    });
  });

  it('refuses to run in production without an SMTP server unless told to keep mail in the database', () => {
    expect(() => loadServerEnv({ NODE_ENV: 'production' })).toThrow(/SMTP_URL is required/);
    // (PAYMENT_SANDBOX=1: these lines are about mail; the payment gateway has its own test below.)
    expect(loadServerEnv({ NODE_ENV: 'production', MAIL_OUTBOX: '1', PAYMENT_SANDBOX: '1' }).production).toBe(true);
    expect(loadServerEnv({ NODE_ENV: 'production', SMTP_URL: 'smtps://mail.example.ru:465', PAYMENT_SANDBOX: '1' }).smtpUrl).toBe('smtps://mail.example.ru:465');
  });

  it('reads the organization settings', () => {
    expect(loadServerEnv({})).toMatchObject({ demoDays: 7, tariffKopecks: 15_000, companyApi: undefined });
    expect(loadServerEnv({ DEMO_DAYS: '14', TARIFF_PER_VEHICLE_MONTH: '149,90', COMPANY_API_KEY: 'k' })).toMatchObject({
      demoDays: 14,
      tariffKopecks: 14_990,
      companyApi: { key: 'k', url: 'https://suggestions.dadata.ru/suggestions/api/4_1/rs/findById/party' },
    });
  });

  it('reads the log, metrics and shutdown settings', () => {
    expect(loadServerEnv({})).toMatchObject({ logLevel: 'info', accessLog: true, metricsPort: undefined, metricsHost: '127.0.0.1', shutdownDeadlineMs: 10_000 });
    expect(loadServerEnv({ LOG_LEVEL: 'warn', ACCESS_LOG: '0', METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0', SHUTDOWN_DEADLINE_MS: '2500' })).toMatchObject({
      logLevel: 'warn',
      accessLog: false,
      metricsPort: 9464,
      metricsHost: '0.0.0.0',
      shutdownDeadlineMs: 2_500,
    });
    expect(() => loadServerEnv({ LOG_LEVEL: 'verbose' })).toThrow(/LOG_LEVEL/);
    expect(() => loadServerEnv({ METRICS_PORT: '4321' })).toThrow(/METRICS_PORT must differ from PORT/);
    expect(() => loadServerEnv({ METRICS_PORT: 'x' })).toThrow(/METRICS_PORT/);
  });

  it('reads where leads go: SALES_EMAIL (else the support address) and an https CRM webhook', () => {
    expect(loadServerEnv({ SALES_EMAIL: 'Sales@Fleet.example' }).salesEmail).toBe('sales@fleet.example');
    expect(loadServerEnv({ SUPPORT_EMAIL: 'help@fleet.example' }).salesEmail).toBe('help@fleet.example');
    expect(loadServerEnv({}).crmWebhookUrl).toBeUndefined();
    expect(loadServerEnv({ CRM_WEBHOOK_URL: 'https://crm.example/hooks/leads' }).crmWebhookUrl).toBe('https://crm.example/hooks/leads');
    expect(loadServerEnv({ CRM_WEBHOOK_URL: 'http://127.0.0.1:9000/leads' }).crmWebhookUrl).toBe('http://127.0.0.1:9000/leads');
    expect(() => loadServerEnv({ CRM_WEBHOOK_URL: 'http://crm.example/leads' })).toThrow(/CRM_WEBHOOK_URL must be an https/);
  });

  it('shares moneta\'s MerchantAPI user between autopay and СБП: the user alone turns autopay on, СБП needs its unit too', () => {
    const real = { MONETA_ACCOUNT_ID: '12345678', MONETA_INTEGRITY_CODE: 'secret', MONETA_API_USERNAME: 'api-user', MONETA_API_PASSWORD: 'api-pass' };
    const autopayOnly = loadServerEnv(real);
    expect(autopayOnly.autopay.merchantApi).toMatchObject({ username: 'api-user', password: 'api-pass' });
    expect(autopayOnly.sbp.api).toBe('off');
    expect(loadServerEnv({ ...real, MONETA_SBP_UNIT_ID: '987' }).sbp.api).toMatchObject({ username: 'api-user', sbpUnitId: '987' });
    expect(() => loadServerEnv({ MONETA_SBP_UNIT_ID: '987' })).toThrow(/MONETA_SBP_UNIT_ID needs the MerchantAPI user/);
    expect(() => loadServerEnv({ MONETA_API_USERNAME: 'api-user' })).toThrow(/must be set together/);
  });

  it('reads the payment settings; production needs a real moneta account or the sandbox asked for', () => {
    expect(loadServerEnv({})).toMatchObject({ commission: { percent: 2.5, minKopecks: 3_000 }, moneta: undefined, paymentSandboxDelayMs: 3_000 });
    expect(loadServerEnv({ PAYMENT_COMMISSION_PERCENT: '1,9', PAYMENT_COMMISSION_MIN: '25' }).commission).toEqual({ percent: 1.9, minKopecks: 2_500 });
    expect(() => loadServerEnv({ PAYMENT_COMMISSION_PERCENT: '50' })).toThrow(/PAYMENT_COMMISSION_PERCENT/);
    // Issue 24: how long an unanswered payment holds its fines, and the gateway tried first.
    expect(loadServerEnv({})).toMatchObject({ paymentHoldMinutes: 20, paymentPrimaryGateway: 'moneta' });
    expect(loadServerEnv({ PAYMENT_HOLD_MINUTES: '15', PAYMENT_PRIMARY_GATEWAY: 'A3' })).toMatchObject({ paymentHoldMinutes: 15, paymentPrimaryGateway: 'A3' });
    for (const bad of ['0', '1441', '20m']) expect(() => loadServerEnv({ PAYMENT_HOLD_MINUTES: bad })).toThrow(/PAYMENT_HOLD_MINUTES/);
    expect(() => loadServerEnv({ PAYMENT_PRIMARY_GATEWAY: 'qiwi' })).toThrow(/PAYMENT_PRIMARY_GATEWAY must be moneta or A3/);
    expect(() => loadServerEnv({ NODE_ENV: 'production', MAIL_OUTBOX: '1', MONETA_ACCOUNT_ID: '12345678', MONETA_INTEGRITY_CODE: 'secret', PAYMENT_PRIMARY_GATEWAY: 'A3' })).toThrow(/PAYMENT_PRIMARY_GATEWAY=A3 needs/);
    expect(() => loadServerEnv({ NODE_ENV: 'production', MAIL_OUTBOX: '1' })).toThrow(/MONETA_ACCOUNT_ID and MONETA_INTEGRITY_CODE are required/);
    expect(() => loadServerEnv({ MONETA_ACCOUNT_ID: '12345678' })).toThrow(/must be set together/);
    // A3: all three settings or none; none is our sandbox, except in production, where A3 is then not offered.
    expect(loadServerEnv({}).a3).toBe('sandbox');
    expect(loadServerEnv({ NODE_ENV: 'production', MAIL_OUTBOX: '1', PAYMENT_SANDBOX: '1' }).a3).toBe('sandbox');
    expect(() => loadServerEnv({ A3_MERCHANT_ID: 'shop-1' })).toThrow(/must be set together/);
    expect(() => loadServerEnv({ A3_MERCHANT_ID: 'shop-1', A3_SECRET: 'x'.repeat(20), A3_API_URL: 'http://a3.example/api' })).toThrow(/A3_API_URL must be an https/);
    expect(() => loadServerEnv({ A3_MERCHANT_ID: 'shop-1', A3_SECRET: 'short', A3_API_URL: 'https://a3.example/api' })).toThrow(/A3_SECRET/);
    expect(loadServerEnv({ A3_MERCHANT_ID: 'shop-1', A3_SECRET: 'x'.repeat(20), A3_API_URL: 'https://a3.example/api/' }).a3).toEqual({ merchantId: 'shop-1', secret: 'x'.repeat(20), apiUrl: 'https://a3.example/api' });
    const production = loadServerEnv({ NODE_ENV: 'production', MAIL_OUTBOX: '1', MONETA_ACCOUNT_ID: '12345678', MONETA_INTEGRITY_CODE: 'secret', MONETA_TEST_MODE: '1' });
    expect(production.a3).toBe('off');
    expect(production.moneta).toEqual({
      accountId: '12345678',
      integrityCode: 'secret',
      assistantUrl: 'https://moneta.ru/assistant.htm',
      testMode: true,
    });
  });
});

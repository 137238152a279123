import { isPartnerHost, parseAllowedHosts } from '../src/lib/partnerHosts.ts';
import { TARIFF_KOPECKS } from '../src/lib/businessTerms.ts';
import { DEFAULT_SERVER_LIMITS } from './site/serverLimits.ts';
import type { ServerLimits } from './site/serverLimits.ts';
import { parseMapSettings } from './map/settings.ts';
import type { MapSettings } from './map/settings.ts';
import { parseSmsEnv } from './accounts/phone/smsEnv.ts';
import type { SmsEnv } from './accounts/phone/smsEnv.ts';
import { parseOAuthEnv } from './accounts/oauth/oauthEnv.ts';
import type { OAuthApps } from './accounts/oauth/provider.ts';
import { EnvError, parseHttpsUrl, parseRoubles, parseWholeNumber } from './envValues.ts';
import { parseA3, parseAutopay, parseCommission, parseHoldMinutes, parseMoneta, parsePrimaryGateway, parseSbp } from './paymentEnv.ts';
import type { A3Env, AutopayEnv, CommissionEnv, MonetaEnv, SbpEnv } from './paymentEnv.ts';

export { EnvError };

/** Settings of the local server and the API, read once at start-up from environment variables. */
export type ServerEnv = {
  /** TCP port of the one local server (PORT, default 4321). */
  port: number;
  /** Folder for local data: PGlite files and anything else kept between runs (DATA_DIR, default .data). */
  dataDir: string;
  /** A real PostgreSQL instead of PGlite when set (DATABASE_URL, postgres://...). */
  databaseUrl: string | undefined;
  /** Partner hosts allowed as /app/webview targets (WEBVIEW_ALLOWED_HOSTS, comma-separated; defaults in src/lib/partnerHosts.ts). */
  webviewAllowedHosts: string[];
  /** Trust X-Forwarded-For for the client address (TRUST_PROXY=1 behind a load balancer). */
  trustProxy: boolean;
  /** Anonymous УИН searches per client address per minute (UIN_RATE_LIMIT, default 30; 0 turns the limit off). */
  uinRateLimit: number;
  /** New client ids and anonymous users per client address per minute (CLIENT_RATE_LIMIT, default 30; 0 off). */
  clientRateLimit: number;
  /** Plate and VIN lookups per user per minute (LOOKUP_RATE_LIMIT, default 30; 0 off). */
  lookupRateLimit: number;
  /** How long the fines sandbox takes to "fetch" a violation photo, ms (PHOTO_DELAY_MS, default 1500). */
  photoDelayMs: number;
  /** Site origins allowed to call the API from browsers when it is on another origin (API_CORS_ORIGINS, comma-separated). */
  corsOrigins: string[];
  /** Production mode (NODE_ENV=production): sandboxes that stand in for real mail or money must be allowed explicitly. */
  production: boolean;
  /** SMTP server for mail (SMTP_URL, smtp://user:pass@host:587); unset: mail is kept in the outbox table and printed. */
  smtpUrl: string | undefined;
  /** Sender of every mail (MAIL_FROM). */
  mailFrom: string;
  /** The site's address for links in mail (PUBLIC_SITE_URL; default http://localhost:PORT). */
  siteUrl: string;
  /** This API's public address (API_PUBLIC_URL; PUBLIC_SITE_URL when unset). */
  apiUrl: string;
  /** Sessions unused this many days expire (SESSION_TTL_DAYS, default 30). */
  sessionTtlDays: number;
  /** How long the sandbox takes to check a newly added document, ms (ORDINANCES_DELAY_MS, default 2000). */
  ordinancesDelayMs: number;
  /** Every account document is checked again this often, ms (RECHECK_INTERVAL: '6h', '30m', '90s'; default 6h). */
  recheckIntervalMs: number;
  /** Source calls per second the re-check may make (RECHECK_RATE, default 20; 0: no limit). */
  recheckRate: number;
  /** Test-only sandbox controls (SANDBOX_CONTROL=1); refused in production. */
  sandboxControl: boolean;
  /** Signs unsubscribe links (NOTIFY_SECRET); unset: a secret made once and kept in the database. */
  notifySecret: string | undefined;
  /** Web push keys (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT); unset keys: a pair made once and kept in the database. */
  vapid: { publicKey: string | undefined; privateKey: string | undefined; subject: string };
  /** Timeouts and the connection cap of the HTTP server (HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS, MAX_CONNECTIONS). */
  serverLimits: ServerLimits;
  /** A new organization's demo lasts this many days (DEMO_DAYS, default 7). */
  demoDays: number;
  /** Subscription price per vehicle per month in roubles (TARIFF_PER_VEHICLE_MONTH), kept in kopecks. */
  tariffKopecks: number;
  /** The company-data service (COMPANY_API_KEY; COMPANY_API_URL defaults to DaData's findById/party); unset: the sandbox register. */
  companyApi: { key: string; url: string } | undefined;
  /** Least level written to the JSON log (LOG_LEVEL: fatal, error, warn, info, debug, trace or silent; default info). */
  logLevel: string;
  /** One JSON line per request (ACCESS_LOG=0 turns it off). */
  accessLog: boolean;
  /** Port of the Prometheus /metrics listener on loopback-or-private interfaces (METRICS_PORT); unset: no metrics listener. */
  metricsPort: number | undefined;
  /** Address the metrics listener binds (METRICS_HOST, default 127.0.0.1; 0.0.0.0 inside a private container network). */
  metricsHost: string;
  /** On SIGTERM, requests in flight get this long to finish before their connections are cut (SHUTDOWN_DEADLINE_MS, default 10000). */
  shutdownDeadlineMs: number;
  /** The service's commission (PAYMENT_COMMISSION_PERCENT, default 2.5; PAYMENT_COMMISSION_MIN in roubles, default 30). */
  commission: CommissionEnv;
  /** A real moneta account (MONETA_ACCOUNT_ID, MONETA_INTEGRITY_CODE, MONETA_ASSISTANT_URL, MONETA_TEST_MODE); unset: our sandbox gateway. */
  moneta: MonetaEnv;
  /** The A3 merchant (A3_MERCHANT_ID, A3_SECRET, A3_API_URL); 'sandbox': our own; 'off': not offered (production without it). */
  a3: A3Env;
  /** How long the sandbox's slow test card takes, ms (PAYMENT_SANDBOX_DELAY_MS, default 3000). */
  paymentSandboxDelayMs: number;
  /** How long an unanswered payment holds its fines, minutes (PAYMENT_HOLD_MINUTES, 1–1440, default 20). */
  paymentHoldMinutes: number;
  /** The gateway the site's payments try first (PAYMENT_PRIMARY_GATEWAY: moneta or A3, default moneta); the other is the fallback. */
  paymentPrimaryGateway: 'moneta' | 'A3';
  /**
   * СБП through moneta (issue 25): its commission (SBP_COMMISSION_PERCENT, default 1; SBP_COMMISSION_MIN
   * in roubles, default 10) and the MerchantAPI user (MONETA_API_USERNAME, MONETA_API_PASSWORD,
   * MONETA_SBP_UNIT_ID, MONETA_API_URL); 'sandbox' with the sandbox moneta; 'off' with SBP=0 or a real
   * moneta account without an API user.
   */
  sbp: SbpEnv;
  /** How long the sandbox source takes to show a payment made through us as paid, ms (GISGMP_SANDBOX_DELAY_SECONDS, default 180). */
  gisgmpSandboxDelayMs: number;
  /** Автооплата: AUTOPAY_DELAY_MINUTES (default 1440), AUTOPAY_RETRY_MINUTES (default 360), AUTOPAY_MARGIN_DAYS (default 2), and moneta's MerchantAPI login (MONETA_API_URL, MONETA_API_USERNAME, MONETA_API_PASSWORD; unset with a real account: autopay is not offered). */
  autopay: AutopayEnv;
  /** Tracking calls per client address per minute (TRACKING_RATE_LIMIT, default 600; 0 off). */
  trackingRateLimit: number;
  /** Fleet import uploads per account per hour, previews included (IMPORT_RATE_LIMIT, default 20; 0 off). */
  importRateLimit: number;
  /** Integrator API calls per key per minute (API_KEY_RATE_LIMIT, default 600; 0 off). */
  apiKeyRateLimit: number;
  /** Camera box queries of the map per client address per minute (MAP_RATE_LIMIT, default 120; 0 off). */
  mapRateLimit: number;
  /** Company lookups by ИНН (each may be a paid call) per account per hour, four times that per address (COMPANY_LOOKUP_LIMIT, default 30; 0 off). */
  companyLookupLimit: number;
  /** Where support tickets go, also a team address the mail relay may write to (SUPPORT_EMAIL; default support@ the site's host). */
  supportEmail: string;
  /** Where business leads are mailed (SALES_EMAIL; SUPPORT_EMAIL's address when unset). */
  salesEmail: string;
  /** The CRM's webhook for leads (CRM_WEBHOOK_URL, https; or http on this machine); undefined: none. */
  crmWebhookUrl: string | undefined;
  /** Accounts that may open the team's pages, e.g. /admin/analytics/ (ADMIN_EMAILS, comma-separated; default none). */
  adminEmails: string[];
  /** The map's tile server and geocoder (PUBLIC_MAP_TILES_URL, GEOCODER_API_KEY, GEOCODER_API_URL). */
  map: MapSettings;
  /** Codes by SMS for phone sign-in (SMS_PROVIDER, SMSRU_API_ID, SMSRU_FROM, SMSRU_API_URL, SMS_DAILY_BUDGET). */
  sms: SmsEnv;
  /** Яндекс ID and VK ID apps (YANDEX_CLIENT_ID, YANDEX_CLIENT_SECRET, VK_CLIENT_ID); unset: our sandboxes, not offered in production. */
  oauth: OAuthApps;
};

/** Reads and checks the server's environment; a bad value stops start-up with a message naming the variable. */
export function loadServerEnv(env: Record<string, string | undefined> = process.env): ServerEnv {
  const portText = env['PORT'] ?? '4321';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port < 1 || port > 65535) {
    throw new EnvError(`PORT must be a number from 1 to 65535, got "${portText}"`);
  }
  const databaseUrl = env['DATABASE_URL'] || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new EnvError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const production = env['NODE_ENV'] === 'production';
  const smtpUrl = env['SMTP_URL'] || undefined;
  if (smtpUrl !== undefined && !/^smtps?:\/\/[^\s]+$/.test(smtpUrl)) {
    throw new EnvError('SMTP_URL must look like smtp://user:password@host:587 or smtps://host:465');
  }
  if (production && smtpUrl === undefined && env['MAIL_OUTBOX'] !== '1') {
    throw new EnvError('SMTP_URL is required when NODE_ENV=production (set MAIL_OUTBOX=1 to keep mail in the database on purpose)');
  }
  const siteUrl = (env['PUBLIC_SITE_URL'] || `http://localhost:${port}`).replace(/\/+$/, '');
  if (!/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?(\/[^\s]*)?$/i.test(siteUrl)) {
    throw new EnvError(`PUBLIC_SITE_URL must be an address such as https://shtrafy.example.ru, got "${siteUrl}"`);
  }
  const mailFrom = env['MAIL_FROM'] || `Штрафы Онлайн <noreply@${new URL(siteUrl).hostname.replace(/^localhost$/, 'localhost.localdomain')}>`;
  if (!/^([^<>]*<)?[^\s@<>]+@[^\s@<>]+>?$/.test(mailFrom)) {
    throw new EnvError(`MAIL_FROM must be an address such as "Штрафы Онлайн <noreply@example.ru>", got "${mailFrom}"`);
  }
  const apiUrl = (env['API_PUBLIC_URL'] || siteUrl).replace(/\/+$/, '');
  if (!/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?(\/[^\s]*)?$/i.test(apiUrl)) {
    throw new EnvError(`API_PUBLIC_URL must be an address such as https://api.shtrafy.example.ru, got "${apiUrl}"`);
  }
  return {
    production,
    smtpUrl,
    mailFrom,
    siteUrl,
    apiUrl,
    sessionTtlDays: parseSessionDays(env['SESSION_TTL_DAYS']),
    ordinancesDelayMs: parseWholeNumber(env['ORDINANCES_DELAY_MS'], 'ORDINANCES_DELAY_MS', 2000, 60_000),
    recheckIntervalMs: parseDuration(env['RECHECK_INTERVAL'], 'RECHECK_INTERVAL', 6 * 3_600_000),
    recheckRate: parseWholeNumber(env['RECHECK_RATE'], 'RECHECK_RATE', 20, 10_000),
    sandboxControl: parseSandboxControl(env['SANDBOX_CONTROL'], production),
    notifySecret: env['NOTIFY_SECRET'] || undefined,
    vapid: parseVapid(env, siteUrl),
    serverLimits: {
      headersTimeoutMs: parseWholeNumber(env['HEADERS_TIMEOUT_MS'], 'HEADERS_TIMEOUT_MS', DEFAULT_SERVER_LIMITS.headersTimeoutMs, 600_000) || DEFAULT_SERVER_LIMITS.headersTimeoutMs,
      requestTimeoutMs: parseWholeNumber(env['REQUEST_TIMEOUT_MS'], 'REQUEST_TIMEOUT_MS', DEFAULT_SERVER_LIMITS.requestTimeoutMs, 600_000) || DEFAULT_SERVER_LIMITS.requestTimeoutMs,
      keepAliveTimeoutMs: parseWholeNumber(env['KEEP_ALIVE_TIMEOUT_MS'], 'KEEP_ALIVE_TIMEOUT_MS', DEFAULT_SERVER_LIMITS.keepAliveTimeoutMs, 600_000),
      maxConnections: parseWholeNumber(env['MAX_CONNECTIONS'], 'MAX_CONNECTIONS', DEFAULT_SERVER_LIMITS.maxConnections, 1_000_000) || DEFAULT_SERVER_LIMITS.maxConnections,
    },
    demoDays: parseDemoDays(env['DEMO_DAYS']),
    tariffKopecks: parseRoubles(env['TARIFF_PER_VEHICLE_MONTH'], 'TARIFF_PER_VEHICLE_MONTH', TARIFF_KOPECKS),
    companyApi: env['COMPANY_API_KEY'] ? { key: env['COMPANY_API_KEY'], url: parseHttpsUrl(env['COMPANY_API_URL'], 'COMPANY_API_URL', DADATA_PARTY_URL) } : undefined,
    port,
    dataDir: env['DATA_DIR'] || '.data',
    databaseUrl,
    webviewAllowedHosts: parseAllowedHostsList(env['WEBVIEW_ALLOWED_HOSTS'], 'WEBVIEW_ALLOWED_HOSTS'),
    trustProxy: env['TRUST_PROXY'] === '1' || env['TRUST_PROXY'] === 'true',
    uinRateLimit: parseWholeNumber(env['UIN_RATE_LIMIT'], 'UIN_RATE_LIMIT', 30, 100_000),
    clientRateLimit: parseWholeNumber(env['CLIENT_RATE_LIMIT'], 'CLIENT_RATE_LIMIT', 30, 100_000),
    lookupRateLimit: parseWholeNumber(env['LOOKUP_RATE_LIMIT'], 'LOOKUP_RATE_LIMIT', 30, 100_000),
    photoDelayMs: parseWholeNumber(env['PHOTO_DELAY_MS'], 'PHOTO_DELAY_MS', 1500, 60_000),
    corsOrigins: parseOrigins(env['API_CORS_ORIGINS'], 'API_CORS_ORIGINS'),
    logLevel: parseLogLevel(env['LOG_LEVEL']),
    accessLog: env['ACCESS_LOG'] !== '0',
    metricsPort: parseMetricsPort(env['METRICS_PORT'], port),
    metricsHost: env['METRICS_HOST'] || '127.0.0.1',
    shutdownDeadlineMs: parseWholeNumber(env['SHUTDOWN_DEADLINE_MS'], 'SHUTDOWN_DEADLINE_MS', 10_000, 600_000),
    commission: parseCommission(env),
    moneta: parseMoneta(env, production),
    a3: parseA3(env, production),
    paymentSandboxDelayMs: parseWholeNumber(env['PAYMENT_SANDBOX_DELAY_MS'], 'PAYMENT_SANDBOX_DELAY_MS', 3_000, 600_000),
    paymentHoldMinutes: parseHoldMinutes(env['PAYMENT_HOLD_MINUTES']),
    paymentPrimaryGateway: parsePrimaryGateway(env['PAYMENT_PRIMARY_GATEWAY'], parseA3(env, production) === 'off'),
    sbp: parseSbp(env, parseMoneta(env, production) !== undefined),
    gisgmpSandboxDelayMs: parseWholeNumber(env['GISGMP_SANDBOX_DELAY_SECONDS'], 'GISGMP_SANDBOX_DELAY_SECONDS', 180, 86_400) * 1000,
    autopay: parseAutopay(env),
    trackingRateLimit: parseWholeNumber(env['TRACKING_RATE_LIMIT'], 'TRACKING_RATE_LIMIT', 600, 1_000_000),
    importRateLimit: parseWholeNumber(env['IMPORT_RATE_LIMIT'], 'IMPORT_RATE_LIMIT', 20, 100_000),
    apiKeyRateLimit: parseWholeNumber(env['API_KEY_RATE_LIMIT'], 'API_KEY_RATE_LIMIT', 600, 100_000),
    mapRateLimit: parseWholeNumber(env['MAP_RATE_LIMIT'], 'MAP_RATE_LIMIT', 120, 1_000_000),
    companyLookupLimit: parseWholeNumber(env['COMPANY_LOOKUP_LIMIT'], 'COMPANY_LOOKUP_LIMIT', 30, 100_000),
    supportEmail: parseEmails(env['SUPPORT_EMAIL'], 'SUPPORT_EMAIL')[0] ?? `support@${new URL(siteUrl).hostname.replace(/^localhost$/, 'localhost.localdomain')}`,
    salesEmail: parseEmails(env['SALES_EMAIL'], 'SALES_EMAIL')[0] ?? parseEmails(env['SUPPORT_EMAIL'], 'SUPPORT_EMAIL')[0] ?? `sales@${new URL(siteUrl).hostname.replace(/^localhost$/, 'localhost.localdomain')}`,
    crmWebhookUrl: parseWebhookUrl(env['CRM_WEBHOOK_URL']),
    adminEmails: parseEmails(env['ADMIN_EMAILS'], 'ADMIN_EMAILS'),
    map: mapSettings(env),
    sms: asEnvError(() => parseSmsEnv(env, production)),
    oauth: asEnvError(() => parseOAuthEnv(env, production)),
  };
}

/** CRM_WEBHOOK_URL: an https address (http only to this machine, for a local CRM); undefined when unset. */
function parseWebhookUrl(value: string | undefined): string | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const url = value.trim();
  if (!/^https:\/\/\S+$/.test(url) && !/^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?\/\S*$/.test(url)) throw new EnvError(`CRM_WEBHOOK_URL must be an https:// address, got "${value}"`);
  return url;
}

/** A comma-separated list of e-mail addresses, lower-case; empty when unset. */
function parseEmails(value: string | undefined, name: string): string[] {
  if (value === undefined || value.trim() === '') return [];
  const list = value.split(',').map((e) => e.trim().toLowerCase()).filter(Boolean);
  for (const email of list) if (!/^[^\s@<>,]+@[^\s@<>,]+\.[^\s@<>,]+$/.test(email)) throw new EnvError(`${name} must list e-mail addresses separated by commas, got "${email}"`);
  return list;
}

/** LOG_LEVEL: one of pino's level names; info when unset. */
function parseLogLevel(value: string | undefined): string {
  if (value === undefined || value === '') return 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(value)) {
    throw new EnvError(`LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "${value}"`);
  }
  return value;
}

/** METRICS_PORT: a port other than PORT (metrics are never served with the public site). */
function parseMetricsPort(value: string | undefined, sitePort: number): number | undefined {
  if (value === undefined || value === '') return undefined;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port < 1 || port > 65535) throw new EnvError(`METRICS_PORT must be a number from 1 to 65535, got "${value}"`);
  if (port === sitePort) throw new EnvError('METRICS_PORT must differ from PORT: metrics are not public');
  return port;
}

/** A comma-separated list of origins like https://shtrafy.example; empty when unset. */
function parseOrigins(value: string | undefined, name: string): string[] {
  if (!value || !value.trim()) return [];
  const origins = value.split(',').map((o) => o.trim()).filter(Boolean);
  for (const origin of origins) {
    if (!/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i.test(origin)) {
      throw new EnvError(`${name} must list origins such as https://example.ru separated by commas, got "${origin}"`);
    }
  }
  return origins;
}

/** A duration such as '6h', '30m', '90s' or plain milliseconds, at least a minute; the fallback when unset. */
function parseDuration(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const match = /^(\d{1,9})(ms|s|m|h|d)?$/.exec(value.trim());
  const unit = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[match?.[2] ?? 'ms'] ?? 1;
  const ms = Number(match?.[1] ?? NaN) * unit;
  if (match === null || ms < 60_000 || ms > 30 * 86_400_000) throw new EnvError(`${name} must be a duration from 1m to 30d such as 6h or 30m, got "${value}"`);
  return ms;
}

/** SANDBOX_CONTROL=1 turns the sandbox controls on; never in production. */
function parseSandboxControl(value: string | undefined, production: boolean): boolean {
  const on = value === '1' || value === 'true';
  if (on && production) throw new EnvError('SANDBOX_CONTROL cannot be on when NODE_ENV=production');
  return on;
}

/** VAPID keys come as a pair; the subject is a mailto: or https: contact (RFC 8292). */
function parseVapid(env: Record<string, string | undefined>, siteUrl: string): ServerEnv['vapid'] {
  const publicKey = env['VAPID_PUBLIC_KEY'] || undefined;
  const privateKey = env['VAPID_PRIVATE_KEY'] || undefined;
  if ((publicKey === undefined) !== (privateKey === undefined)) throw new EnvError('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together (npm run vapid makes a pair)');
  if (publicKey !== undefined && !/^[A-Za-z0-9_-]{80,90}$/.test(publicKey)) throw new EnvError('VAPID_PUBLIC_KEY must be a base64url key as npm run vapid prints it');
  if (privateKey !== undefined && !/^[A-Za-z0-9_-]{40,46}$/.test(privateKey)) throw new EnvError('VAPID_PRIVATE_KEY must be a base64url key as npm run vapid prints it');
  const subject = env['VAPID_SUBJECT'] || (siteUrl.startsWith('https://') ? siteUrl : 'mailto:support@shtrafy.example.ru');
  if (!/^(mailto:|https:\/\/)\S+$/.test(subject)) throw new EnvError('VAPID_SUBJECT must be a mailto: or https: address');
  return { publicKey, privateKey, subject };
}

/** DaData's company lookup by ИНН (findById/party). */
export const DADATA_PARTY_URL = 'https://suggestions.dadata.ru/suggestions/api/4_1/rs/findById/party';

/** DEMO_DAYS: 1 to 90, 7 when unset. */
function parseDemoDays(value: string | undefined): number {
  const days = parseWholeNumber(value, 'DEMO_DAYS', 7, 90);
  if (days === 0) throw new EnvError('DEMO_DAYS must be a whole number from 1 to 90, got "0"');
  return days;
}

/** The map's settings, a bad one refused as an EnvError. */
function mapSettings(env: Record<string, string | undefined>): MapSettings {
  try {
    return parseMapSettings(env);
  } catch (error) {
    throw new EnvError((error as Error).message);
  }
}

/** SESSION_TTL_DAYS: 1 to 3650 days, 30 when unset. */
function parseSessionDays(value: string | undefined): number {
  const days = parseWholeNumber(value, 'SESSION_TTL_DAYS', 30, 3650);
  if (days === 0) throw new EnvError('SESSION_TTL_DAYS must be a whole number from 1 to 3650, got "0"');
  return days;
}

/**
 * The webview allow-list (src/lib/partnerHosts.ts reads it; unset gives its defaults). Here a value
 * with an entry that is not a host name stops start-up instead of being dropped in silence.
 */
function parseAllowedHostsList(value: string | undefined, name: string): string[] {
  const entries = (value ?? '').split(',').map((h) => h.trim().toLowerCase().replace(/^\*\./, '')).filter(Boolean);
  const bad = entries.find((host) => !isPartnerHost(host));
  if (bad !== undefined) throw new EnvError(`${name} must list host names separated by commas, got "${bad}"`);
  return parseAllowedHosts(value);
}

/** A settings parser's reason as an EnvError (start-up names the variable and stops). */
function asEnvError<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    throw new EnvError((error as Error).message);
  }
}

import type { Kysely } from 'kysely';
import type { Database } from './db/schema.ts';
import type { FinesProvider } from './providers/fines/provider.ts';
import type { ApiCaches } from './http/caches.ts';
import type { RateLimiter } from './http/rateLimit.ts';
import type { AuthLimits } from './accounts/authLimits.ts';
import type { MailDispatch } from './mail/mailDispatch.ts';
import type { Mailer } from './mail/message.ts';
import type { PushSender } from './notifications/push.ts';
import type { PushDispatch } from './notifications/pushDispatch.ts';
import type { JobQueue } from './jobs/jobQueue.ts';
import type { CompanyProvider } from './providers/company/provider.ts';
import type { RequestObserver } from './observability/requestEntry.ts';
import type { PaymentSettings } from './payments/settings.ts';
import type { CameraIndex } from './map/cameraIndex.ts';
import type { Geocoder } from './providers/geocoder/reply.ts';
import type { AutopaySettings } from './payments/autopay/settings.ts';
import type { WebhookDispatch } from './integrations/webhooks/deliver.ts';
import type { WebhookNetwork } from './integrations/webhooks/network.ts';
import type { ChargeRegister } from './providers/gisgmp/chargeRegister.ts';
import type { PhoneSettings } from './accounts/phone/phoneSettings.ts';
import type { OAuthApps } from './accounts/oauth/provider.ts';

/** What the API needs from the outside world; tests inject their own database and clock. */
export type AppDeps = {
  db: Kysely<Database>;
  /** The current time; a fixed clock in tests. */
  clock: () => Date;
  /** Where fines come from (the sandbox for now). */
  fines: FinesProvider;
  /** How long the sandbox takes to "fetch" a fine's photos, ms (0: at once). */
  photoDelayMs: number;
  /** Anonymous УИН searches per client address per minute; 0 turns the limit off. */
  uinRateLimit: number;
  /** New client ids (GET /client) and anonymous users (POST /newuser) per client address per minute; 0 turns it off (CLIENT_RATE_LIMIT). */
  clientRateLimit: number;
  /** Plate and VIN lookups (fineList/by/car) per user per minute, and four times that per address; 0 turns it off (LOOKUP_RATE_LIMIT). */
  lookupRateLimit: number;
  /** Take the client address from X-Forwarded-For. */
  trustProxy: boolean;
  /** Site origins allowed to call the API cross-origin (none: same origin only). */
  corsOrigins?: readonly string[];
  /** Per-process caches; createApp makes fresh ones when not given. */
  caches?: ApiCaches;
  /** Rate limits shared by every process (the database's token buckets). */
  limiter: RateLimiter;
  /** Where mail goes (SMTP, or the outbox table by default). */
  mail: MailDispatch;
  /** The site's address for links in mail, without a trailing slash (https://shtrafy.example.ru). */
  siteUrl: string;
  /** This API's public address, without a trailing slash (API_PUBLIC_URL; the site's when they share a host): gateways call it back. */
  apiUrl: string;
  /** A session not used for this long expires (SESSION_TTL_DAYS). */
  sessionTtlMs: number;
  /** Limits of the account calls. */
  authLimits: AuthLimits;
  /** How long the source takes to check a newly added (or refreshed) document, ms (ORDINANCES_DELAY_MS; 0: at once). */
  ordinancesDelayMs: number;
  /** Every account document is checked again this often (RECHECK_INTERVAL). */
  recheckIntervalMs: number;
  /** Source calls per second the re-check may make (RECHECK_RATE; 0: no limit). */
  recheckRate: number;
  /** Signs the links of notification mail (unsubscribe, subscribe). */
  notifySecret: string;
  /** Web push, when VAPID keys are there. */
  push?: PushSender | undefined;
  /** Sends notifications' pushes in the background (made over `push` when not given). */
  pushes?: PushDispatch | undefined;
  /** Test-only sandbox controls (SANDBOX_CONTROL=1): add a fine, re-check now. Never on by default. */
  sandboxControl: boolean;
  /** The background job queue, when this process runs one (its counts go into the health reply). */
  jobs?: JobQueue | undefined;
  /** Company data by ИНН (the sandbox register unless COMPANY_API_KEY is set). */
  companies: CompanyProvider;
  /** A new organization's demo lasts this many days (DEMO_DAYS). */
  demoDays: number;
  /** Subscription price per vehicle per month, kopecks (TARIFF_PER_VEHICLE_MONTH). */
  tariffKopecks: number;
  /** The commission rule and the payment gateway (our moneta sandbox unless MONETA_* are set). */
  payments: PaymentSettings;
  /** Автооплата: its timings and moneta's MerchantAPI for token charges (the sandbox's unless MONETA_API_* are set). */
  autopay: AutopaySettings;
  /** Told about every unexpected error (a 500), e.g. to log it; tests use it to prove bad input never gets there. */
  onUnexpectedError?: (error: unknown, context?: { requestId?: string }) => void;
  /** Told about every handled request (route pattern, status, time): the access log and the metrics. */
  onRequest?: RequestObserver;
  /** Tracking calls per client address per minute (TRACKING_RATE_LIMIT, default 600; 0 turns it off). */
  trackingRateLimit?: number;
  /** Fleet import uploads per account per hour, previews included (IMPORT_RATE_LIMIT, default 20; 0 turns it off). */
  importRateLimit?: number;
  /** Camera box queries per client address per minute (MAP_RATE_LIMIT, default 120; 0 turns it off). */
  mapRateLimit?: number;
  /** Company lookups by ИНН per account per hour, and four times that per address (COMPANY_LOOKUP_LIMIT, default 30; 0 turns it off). */
  companyLookupLimit?: number;
  /** Where support tickets are mailed, also a team address the mail relay may write to (SUPPORT_EMAIL; default support@ the site's host). */
  supportEmail?: string;
  /** Where business leads are mailed (SALES_EMAIL; the support address when unset). */
  salesEmail?: string;
  /** The CRM's webhook that takes each lead as JSON (CRM_WEBHOOK_URL); unset: leads are kept and mailed only. */
  crmWebhookUrl?: string;
  /** Accounts (confirmed e-mails, lower-case) that may open the team's pages such as /admin/analytics/ (ADMIN_EMAILS). */
  adminEmails?: readonly string[];
  /** The traffic cameras of the map, indexed in this process (createApp makes one over the database when not given). */
  cameras: CameraIndex;
  /** Places by address for the map's search (our own data unless GEOCODER_API_KEY is set). */
  geocoder: Geocoder;
  /** The map's tile address template (PUBLIC_MAP_TILES_URL); unset: a plain background. */
  mapTilesUrl?: string | undefined;
  /** Webhook deliveries sent in the background of a request (a ping, a resend), over the network webhooks use. */
  webhooks: WebhookDispatch;
  /** Calls per API key per minute (API_KEY_RATE_LIMIT, default 600; 0 turns it off). */
  apiKeyRateLimit?: number;
  /** The source's register of charges, asked before a payment and told of ours (issue 25); unset: the sandbox over `db`. */
  charges?: ChargeRegister | undefined;
  /** Sign-in by phone: the SMS service (our sandbox unless SMS_PROVIDER is set), the daily SMS budget, the limits. */
  phone?: PhoneSettings;
  /** Яндекс ID and VK ID apps (our sandboxes unless set; 'off' in production without them). */
  oauth?: OAuthApps;
};

/** What createApp is given: AppDeps, with the parts it can make itself (or has defaults for) left optional. */
export type AppOptions = Omit<
  AppDeps,
  'clientRateLimit' | 'lookupRateLimit' | 'limiter' | 'mail' | 'siteUrl' | 'apiUrl' | 'sessionTtlMs' | 'authLimits' | 'ordinancesDelayMs' | 'recheckIntervalMs' | 'recheckRate' | 'notifySecret' | 'sandboxControl' | 'companies' | 'demoDays' | 'tariffKopecks' | 'payments' | 'cameras' | 'geocoder' | 'webhooks' | 'autopay'
> & {
  webhooks?: WebhookDispatch;
  /** How webhooks reach their endpoints (the DNS and Node's HTTPS); tests route made-up names to a local receiver. */
  webhookNetwork?: WebhookNetwork;
  cameras?: CameraIndex;
  geocoder?: Geocoder;
  payments?: PaymentSettings;
  autopay?: AutopaySettings;
  companies?: CompanyProvider;
  demoDays?: number;
  tariffKopecks?: number;
  ordinancesDelayMs?: number;
  clientRateLimit?: number;
  lookupRateLimit?: number;
  recheckIntervalMs?: number;
  recheckRate?: number;
  notifySecret?: string;
  sandboxControl?: boolean;
  limiter?: RateLimiter;
  /** The mailer; mail is kept in the outbox table when none is given. */
  mailer?: Mailer;
  /** A ready dispatch (tests keep it to wait for mail sent in the background); wins over `mailer`. */
  mail?: MailDispatch;
  siteUrl?: string;
  apiUrl?: string;
  sessionTtlMs?: number;
  authLimits?: AuthLimits;
};

import { randomBytes } from 'node:crypto';
import type { AppDeps, AppOptions } from './appDeps.ts';
import { AUTH_LIMITS } from './accounts/authLimits.ts';
import { createCaches } from './http/caches.ts';
import { createRateLimiter } from './http/rateLimit.ts';
import { createMailDispatch, mailFailureReporter } from './mail/mailDispatch.ts';
import { createOutboxMailer } from './mail/outboxMailer.ts';
import { createPushDispatch } from './notifications/pushDispatch.ts';
import { createSandboxCompanies } from './providers/company/sandbox.ts';
import { sandboxPayments } from './payments/settings.ts';
import { sandboxAutopay } from './payments/autopay/settings.ts';
import { createCameraIndex } from './map/cameraIndex.ts';
import { createLocalGeocoder } from './providers/geocoder/local.ts';
import { TARIFF_KOPECKS } from '../src/lib/businessTerms.ts';
import { createWebhookDispatch } from './integrations/webhooks/deliver.ts';
import { systemWebhookNetwork } from './integrations/webhooks/network.ts';

/** Sessions unused for 30 days expire unless told otherwise (SESSION_TTL_DAYS). */
export const DEFAULT_SESSION_TTL_MS = 30 * 24 * 60 * 60_000;

/** Price per vehicle per month unless TARIFF_PER_VEHICLE_MONTH says otherwise: the offer's figure (content/settings/business.json). */
export const DEFAULT_TARIFF_KOPECKS = TARIFF_KOPECKS;

/** Every account document is checked again every 6 hours unless told otherwise (RECHECK_INTERVAL). */
export const DEFAULT_RECHECK_INTERVAL_MS = 6 * 3_600_000;

/**
 * Everything the API and its background jobs use, with defaults for what was not given (per-process
 * caches, the database rate limiter, mail into the outbox). Given a full AppDeps, answers it as it is.
 */
export function resolveDeps(options: AppOptions | AppDeps): AppDeps {
  const { mailer, mail, webhookNetwork, ...rest } = options as AppOptions;
  const cameras = options.cameras ?? createCameraIndex(options.db);
  const apiUrl = options.apiUrl ?? options.siteUrl ?? 'http://localhost:4321';
  const payments = options.payments ?? sandboxPayments(apiUrl, undefined, 0);
  return {
    ...rest,
    caches: options.caches ?? createCaches(),
    limiter: options.limiter ?? createRateLimiter(options.db, options.clock),
    mail: mail ?? createMailDispatch(mailer ?? createOutboxMailer({ db: options.db, clock: options.clock }), mailFailureReporter(options.onUnexpectedError)),
    siteUrl: options.siteUrl ?? 'http://localhost:4321',
    apiUrl: options.apiUrl ?? options.siteUrl ?? 'http://localhost:4321',
    sessionTtlMs: options.sessionTtlMs ?? DEFAULT_SESSION_TTL_MS,
    authLimits: options.authLimits ?? AUTH_LIMITS,
    ordinancesDelayMs: options.ordinancesDelayMs ?? 0,
    clientRateLimit: options.clientRateLimit ?? 30,
    lookupRateLimit: options.lookupRateLimit ?? 30,
    recheckIntervalMs: options.recheckIntervalMs ?? DEFAULT_RECHECK_INTERVAL_MS,
    recheckRate: options.recheckRate ?? 0,
    // A process without a setting signs with a key of its own (tests); the server passes the shared one.
    notifySecret: options.notifySecret ?? randomBytes(32).toString('base64url'),
    sandboxControl: options.sandboxControl ?? false,
    pushes: options.pushes ?? (options.push === undefined ? undefined : createPushDispatch({ db: options.db, sender: options.push, ...(options.onUnexpectedError === undefined ? {} : { onError: options.onUnexpectedError }) })),
    companies: options.companies ?? createSandboxCompanies(),
    demoDays: options.demoDays ?? 7,
    tariffKopecks: options.tariffKopecks ?? DEFAULT_TARIFF_KOPECKS,
    cameras,
    geocoder: options.geocoder ?? createLocalGeocoder(() => cameras.all()),
    webhooks:
      options.webhooks ??
      createWebhookDispatch({ db: options.db, clock: options.clock, network: webhookNetwork ?? systemWebhookNetwork(), ...(options.onUnexpectedError === undefined ? {} : { onError: options.onUnexpectedError }) }),
    payments,
    autopay: options.autopay ?? sandboxAutopay(apiUrl, payments.moneta),
  };
}

import { leadJobs } from './leads/crmWebhook.ts';
import { integrationJobs } from './integrations/webhooks/jobs.ts';
import type { Hono } from 'hono';
import { createApp } from './app.ts';
import type { AppDeps } from './appDeps.ts';
import { resolveDeps } from './resolveDeps.ts';
import { createJobQueue } from './jobs/jobQueue.ts';
import type { JobQueue } from './jobs/jobQueue.ts';
import { notificationJobs } from './notifications/jobs.ts';
import { fleetDriverJobs } from './organizations/drivers/jobs.ts';
import { paymentJobs } from './payments/jobs.ts';
import { sbpPathJobs } from './payments/sbpPathJobs.ts';
import { autopayJobs } from './payments/autopay/jobs.ts';
import { sandboxAutopay } from './payments/autopay/settings.ts';
import { paymentCounts } from './payments/paymentStore.ts';
import { networkFetch, sandboxPayments } from './payments/settings.ts';
import type { PaymentSettings } from './payments/settings.ts';
import { sandboxSbp } from './payments/sbp/sbpSettings.ts';
import { sandboxChargeRegister } from './providers/gisgmp/sandboxRegister.ts';
import { createPushSender } from './notifications/push.ts';
import { sharedSecret, vapidKeys } from './notifications/secrets.ts';
import { openDatabase } from './db/open.ts';
import type { ServerEnv } from './env.ts';
import type { AppEnv } from './http/appEnv.ts';
import { createSandboxProvider } from './providers/fines/sandbox.ts';
import { databaseSandboxState } from './providers/fines/sandboxState.ts';
import { createSandboxCompanies } from './providers/company/sandbox.ts';
import { createDadataCompanies } from './providers/company/dadata.ts';
import { createYandexGeocoder } from './providers/geocoder/yandex.ts';
import { createOutboxMailer } from './mail/outboxMailer.ts';
import { createSmtpMailer } from './mail/smtpMailer.ts';
import { smsGatewayOf } from './accounts/phone/smsEnvGateway.ts';
import { poolStats } from './db/open.ts';
import { createLogger } from './observability/logger.ts';
import type { AppLogger } from './observability/logger.ts';
import { createMetrics } from './observability/metrics.ts';
import type { Metrics } from './observability/metrics.ts';

/** A started API: its app, its log and metrics, and how to release what it holds (database connections). */
export type BootedApi = { app: Hono<AppEnv>; deps: AppDeps; logger: AppLogger; metrics: Metrics; close(): Promise<void> };

/** Opens everything the API needs (the database at start-up, never lazily) and builds the app. */
export async function bootApi(env: ServerEnv, options: { runJobs?: boolean; logger?: AppLogger } = {}): Promise<BootedApi> {
  const logger = options.logger ?? createLogger({ level: env.logLevel });
  const db = await openDatabase(env.databaseUrl === undefined ? { dataDir: env.dataDir } : { databaseUrl: env.databaseUrl });
  const clock = () => new Date();
  let jobCounts: JobQueue['counts'] | undefined;
  const metrics = createMetrics({
    jobs: () => jobCounts?.() ?? Promise.resolve({ queued: 0, running: 0, failed: 0 }),
    pool: () => poolStats(db),
    payments: () => paymentCounts(db),
  });
  // Every process signs the sandbox's payments with the same code, kept in the database.
  const sandbox = sandboxPayments(env.apiUrl, await sharedSecret(db, 'moneta-sandbox', undefined), env.paymentSandboxDelayMs, await sharedSecret(db, 'a3-sandbox', undefined));
  const payments: PaymentSettings = {
    commission: env.commission,
    moneta:
      env.moneta === undefined
        ? sandbox.moneta
        : { account: { accountId: env.moneta.accountId, integrityCode: env.moneta.integrityCode, testMode: env.moneta.testMode }, assistantUrl: env.moneta.assistantUrl, sandbox: false },
    a3: env.a3 === 'off' ? undefined : env.a3 === 'sandbox' ? sandbox.a3 : { merchant: env.a3, sandbox: false, fetch: networkFetch },
    primary: env.paymentPrimaryGateway,
    holdMs: env.paymentHoldMinutes * 60_000,
    sandboxDelayMs: env.paymentSandboxDelayMs,
    sbp:
      env.sbp.api === 'off'
        ? undefined
        : env.sbp.api === 'sandbox'
          ? sandboxSbp(env.apiUrl, sandbox.moneta.account.accountId, await sharedSecret(db, 'sbp-sandbox', undefined), env.sbp.commission)
          : { commission: env.sbp.commission, api: { ...env.sbp.api, accountId: env.moneta?.accountId ?? '' }, sandbox: false, fetch: networkFetch },
  };
  const mailer =
    env.smtpUrl === undefined
      ? createOutboxMailer({
          db,
          clock,
          announce: (line) => logger.info(line),
          // The local mailbox page (server/site/devMailbox.ts) shows the mail with its links; production has none.
          ...(env.production ? {} : { mailboxUrl: `http://localhost:${env.port}/dev/mail/` }),
        })
      : createSmtpMailer({ url: env.smtpUrl, from: env.mailFrom });
  const deps = resolveDeps({
    db,
    mailer,
    notifySecret: await sharedSecret(db, 'notify', env.notifySecret),
    push: createPushSender(await vapidKeys(db, env.vapid)),
    recheckIntervalMs: env.recheckIntervalMs,
    recheckRate: env.recheckRate,
    sandboxControl: env.sandboxControl,
    demoDays: env.demoDays,
    tariffKopecks: env.tariffKopecks,
    payments,
    autopay: {
      delayMs: env.autopay.delayMinutes * 60_000,
      retryMs: env.autopay.retryMinutes * 60_000,
      marginDays: env.autopay.marginDays,
      // The sandbox's MerchantAPI with the sandbox account; a real account needs its API login, else autopay is not offered.
      gateway: env.moneta === undefined ? sandboxAutopay(env.apiUrl, payments.moneta).gateway : env.autopay.merchantApi === undefined ? undefined : { api: env.autopay.merchantApi, sandbox: false, fetch: networkFetch },
    },
    companies: env.companyApi === undefined ? createSandboxCompanies() : createDadataCompanies({ apiKey: env.companyApi.key, url: env.companyApi.url }),
    ...(env.map.geocoderApi === undefined ? {} : { geocoder: createYandexGeocoder({ apiKey: env.map.geocoderApi.key, url: env.map.geocoderApi.url }) }),
    mapTilesUrl: env.map.tilesUrl,
    siteUrl: env.siteUrl,
    apiUrl: env.apiUrl,
    sessionTtlMs: env.sessionTtlDays * 24 * 60 * 60_000,
    ordinancesDelayMs: env.ordinancesDelayMs,
    clock,
    fines: createSandboxProvider({ state: databaseSandboxState(db) }),
    charges: sandboxChargeRegister(db, { delayMs: env.gisgmpSandboxDelayMs }),
    photoDelayMs: env.photoDelayMs,
    uinRateLimit: env.uinRateLimit,
    clientRateLimit: env.clientRateLimit,
    lookupRateLimit: env.lookupRateLimit,
    trustProxy: env.trustProxy,
    corsOrigins: env.corsOrigins,
    trackingRateLimit: env.trackingRateLimit,
    importRateLimit: env.importRateLimit,
    apiKeyRateLimit: env.apiKeyRateLimit,
    mapRateLimit: env.mapRateLimit,
    companyLookupLimit: env.companyLookupLimit,
    supportEmail: env.supportEmail,
    salesEmail: env.salesEmail,
    ...(env.crmWebhookUrl === undefined ? {} : { crmWebhookUrl: env.crmWebhookUrl }),
    adminEmails: env.adminEmails,
    phone: { sms: smsGatewayOf(env, db, clock, (line) => logger.info(line)), dailyBudget: env.sms.dailyBudget },
    oauth: env.oauth,
    onUnexpectedError: (error, context) => {
      // Only the error itself (scrubbed by the logger): requests may carry credentials and personal data.
      logger.error({ err: error, requestId: context?.requestId }, 'API error');
    },
    onRequest: (entry) => {
      metrics.observe(entry);
      if (env.accessLog) logger.info({ requestId: entry.requestId, method: entry.method, route: entry.route, status: entry.status, ms: Math.round(entry.ms * 10) / 10 }, 'request');
    },
  });
  const jobs = createJobQueue({
    db,
    clock,
    definitions: [...notificationJobs(deps, (line) => logger.info(line)), ...paymentJobs(deps, (line) => logger.info(line)), ...sbpPathJobs(deps, (line) => logger.info(line)), ...autopayJobs(deps, (line) => logger.info(line)), ...leadJobs(deps), ...integrationJobs(deps, (line) => logger.info(line)), ...fleetDriverJobs(deps, (line) => logger.info(line))],
    onFailure: (name, error, final) => logger.error({ err: error, job: name, final }, `Job ${name} failed${final ? ' for good' : ', will retry'}`),
  });
  deps.jobs = jobs;
  jobCounts = () => jobs.counts();
  const app = createApp(deps);
  // The map's camera index is built now, not on the first visitor's request (issue 13).
  deps.cameras.warm().catch((error: unknown) => logger.error({ err: error }, 'Camera index could not be built'));
  let logTimer: ReturnType<typeof setInterval> | undefined;
  if (options.runJobs !== false) {
    jobs.start();
    // The queue's state in the log once a minute, when something waits, runs or has failed.
    let last = '';
    logTimer = setInterval(() => {
      void jobs.counts().then(({ queued, running, failed }) => {
        const line = `Фоновые задачи: в очереди ${queued}, выполняются ${running}, с ошибкой ${failed}`;
        if (line !== last && queued + running + failed > 0) logger.info({ queued, running, failed }, line);
        last = line;
      }, () => undefined);
    }, 60_000);
    logTimer.unref();
  }
  return {
    app,
    deps,
    logger,
    metrics,
    close: async () => {
      if (logTimer !== undefined) clearInterval(logTimer);
      await jobs.stop();
      await deps.mail.idle();
      // Pushes on their way end within their timeout (PUSH_TIMEOUT_MS) and then write their outcome.
      await deps.pushes?.idle();
      await deps.webhooks.idle();
      mailer.close();
      await db.destroy();
    },
  };
}

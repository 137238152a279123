import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import { sql } from 'kysely';
import { CREDENTIAL_HEADERS } from '../src/api/structs/credentials.ts';
import type { AppDeps, AppOptions } from './appDeps.ts';
import { ApiError } from './http/apiError.ts';
import type { AppEnv } from './http/appEnv.ts';
import { fail } from './http/envelope.ts';
import { observeRequests } from './http/observe.ts';
import { auditTrail } from './observability/audit.ts';
import { resolveDeps } from './resolveDeps.ts';
import { accountRoutes } from './routes/account.ts';
import { authRoutes } from './routes/auth.ts';
import { phoneAuthRoutes } from './routes/phoneAuth.ts';
import { oauthRoutes } from './routes/oauth.ts';
import { erasureBySignInRoutes } from './routes/erasureBySignIn.ts';
import { signInWaysRoutes } from './routes/signInWays.ts';
import { OAUTH_SANDBOX_PATH, oauthSetup } from './accounts/oauth/oauthSettings.ts';
import { oauthSandboxRoutes } from './accounts/oauth/sandbox.ts';
import { handoffRoutes } from './routes/handoff.ts';
import { ordinanceRoutes } from './routes/ordinances.ts';
import { preloadRoutes } from './routes/preload.ts';
import { notificationRoutes } from './routes/notifications.ts';
import { organizationRoutes } from './routes/organization.ts';
import { IMPORT_MAX_BYTES, fleetRoutes } from './routes/fleet.ts';
import { fleetDriverRoutes } from './routes/fleetDrivers.ts';
import { driverLicenseRoutes } from './routes/driverLicense.ts';
import { fineRoutes } from './routes/fines.ts';
import { identityRoutes } from './routes/identity.ts';
import { innRoutes } from './routes/inn.ts';
import { photoRoutes } from './routes/photos.ts';
import { stsRoutes } from './routes/sts.ts';
import { cspReportRoutes } from './routes/cspReports.ts';
import { paymentRoutes } from './routes/payments.ts';
import { paymentSandboxRoutes } from './routes/paymentSandbox.ts';
import { leadRoutes } from './routes/leads.ts';
import { a3SandboxRoutes } from './routes/a3Sandbox.ts';
import { a3TokenSandboxRoutes } from './payments/autopay/gateways/a3Sandbox.ts';
import { trackingRoutes } from './routes/tracking.ts';
import { adminRoutes } from './routes/admin.ts';
import { experimentRoutes } from './routes/experiments.ts';
import { supportRoutes } from './routes/support.ts';
import { mailRelayRoutes } from './routes/mailRelay.ts';
import { privacyRoutes } from './routes/privacy.ts';
import { openApiRoutes } from './routes/openapi.ts';
import { mapRoutes } from './routes/map.ts';
import { geocoderRoutes } from './routes/geocoder.ts';
import { invoiceRoutes } from './routes/invoices.ts';
import { autopayRoutes } from './routes/autopay.ts';
import { fleetAutopayRoutes } from './routes/fleetAutopay.ts';
import { autopaySandboxRoutes } from './payments/autopay/gateways/monetaSandbox.ts';
import { integrationRoutes } from './routes/integrations.ts';
import { integrationApiRoutes } from './integrations/apiRouter.ts';
import { API_RESOURCES } from './integrations/resources/index.ts';
import { sbpRoutes } from './routes/sbp.ts';
import { sbpSandboxRoutes } from './routes/sbpSandbox.ts';
import { paymentPathRoutes } from './routes/paymentPath.ts';
import { STATEMENT_MAX_BYTES, invoicePaymentRoutes } from './routes/invoicePayments.ts';
import { paymentOrderRoutes } from './routes/paymentOrders.ts';

/** What createApp needs (re-exported for callers that build the app). */
export type { AppDeps, AppOptions } from './appDeps.ts';

export { DEFAULT_RECHECK_INTERVAL_MS, DEFAULT_SESSION_TTL_MS } from './resolveDeps.ts';

/** Largest request body the API reads (an СТС import of 50 entries is far below it). */
const MAX_BODY_BYTES = 64 * 1024;

/** Builds the API application (no network, no process state): the local server and tests mount it. */
export function createApp(options: AppOptions | AppDeps): Hono<AppEnv> {
  const deps = resolveDeps(options);
  const app = new Hono<AppEnv>();
  // Outermost: the request id and the access log/metrics entry cover every reply, refusals included.
  app.use('*', observeRequests(deps.onRequest));
  // Sign-ins, passwords, documents and organizations leave a line in the audit log (issue 17 item 9).
  app.use('*', auditTrail(deps));
  // Then, so that every reply gets it, the early refusals (413) of the middleware below included:
  // replies carry personal data and session tokens, never to be kept in shared caches.
  app.use('*', async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
  });
  const smallBodies = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => fail(c, 413, 'Слишком большой запрос') });
  const importBodies = bodyLimit({ maxSize: IMPORT_MAX_BYTES, onError: (c) => fail(c, 413, 'Файл больше 2 МБ: разделите его на части') });
  const statementBodies = bodyLimit({ maxSize: STATEMENT_MAX_BYTES, onError: (c) => fail(c, 413, 'Выписка больше 2 МБ: выгрузите из банка период короче') });
  // Fleet imports (vehicles, waybills) and bank statements carry a file; everything else is a form or a small JSON.
  app.use('*', (c, next) => {
    if (/\/organization\/\d+\/(vehicles|waybills)\/import$/.test(c.req.path)) return importBodies(c, next);
    if (c.req.path === '/105/api/admin/bank-statement') return statementBodies(c, next);
    return smallBodies(c, next);
  });
  if (deps.corsOrigins !== undefined && deps.corsOrigins.length > 0) {
    // The site on a CDN calls the API on its own host (PUBLIC_API_BASE): allow exactly those origins.
    app.use(
      '*',
      cors({
        origin: [...deps.corsOrigins],
        allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
        exposeHeaders: ['Retry-After', 'X-Request-Id'],
        allowHeaders: ['Content-Type', ...Object.values(CREDENTIAL_HEADERS)],
        maxAge: 600,
      }),
    );
  }
  app.get('/105/api/health', async (c) => {
    // A load balancer takes a replica out when its database does not answer within two seconds.
    const database = await databaseAnswers(deps, 2_000);
    if (!database) return c.json({ status: 'error', error: { errorDesc: 'База данных не отвечает' }, response: { healthy: false, database } }, 503);
    return c.json({ status: 'ok', response: { healthy: true, database, ...(deps.jobs === undefined ? {} : { jobs: await deps.jobs.counts() }) } });
  });

  const api = new Hono<AppEnv>();
  api.route('/', identityRoutes(deps));
  api.route('/', authRoutes(deps));
  api.route('/', phoneAuthRoutes(deps));
  // Our Яндекс ID and VK ID sandboxes are served by this very app: the adapters' calls reach them in-process.
  const oauth = oauthSetup(deps, async (input, init) => app.fetch(new Request(input, init)));
  api.route('/', oauthRoutes(deps, oauth));
  api.route('/', erasureBySignInRoutes(deps, oauth));
  api.route('/', signInWaysRoutes(deps, oauth));
  if (oauth.sandbox !== undefined) app.route(OAUTH_SANDBOX_PATH, oauthSandboxRoutes({ db: deps.db, clock: deps.clock, client: oauth.sandbox, siteOrigin: new URL(deps.siteUrl).origin }));
  api.route('/', handoffRoutes(deps));
  api.route('/', accountRoutes(deps));
  api.route('/', preloadRoutes(deps));
  api.route('/', notificationRoutes(deps));
  api.route('/', fleetRoutes(deps));
  api.route('/', fleetDriverRoutes(deps));
  api.route('/', organizationRoutes(deps));
  api.route('/', invoiceRoutes(deps));
  api.route('/', integrationRoutes(deps));
  api.route('/', integrationApiRoutes(deps, API_RESOURCES));
  api.route('/', invoicePaymentRoutes(deps));
  api.route('/', paymentOrderRoutes(deps));
  api.route('/', stsRoutes(deps));
  api.route('/', driverLicenseRoutes(deps));
  api.route('/', innRoutes(deps));
  api.route('/', fineRoutes(deps));
  api.route('/', photoRoutes(deps));
  api.route('/', cspReportRoutes(deps));
  api.route('/', sbpRoutes(deps));
  api.route('/', paymentRoutes(deps));
  api.route('/', paymentPathRoutes(deps));
  api.route('/', autopayRoutes(deps));
  api.route('/', fleetAutopayRoutes(deps));
  api.route('/', trackingRoutes(deps));
  api.route('/', adminRoutes(deps));
  api.route('/', supportRoutes(deps));
  api.route('/', leadRoutes(deps));
  api.route('/', mailRelayRoutes(deps));
  api.route('/', privacyRoutes(deps));
  api.route('/', openApiRoutes(deps));
  app.route('/105/api', api);
  if (deps.autopay.gateway?.sandbox === true) {
    // The moneta sandbox's binding page and MerchantAPI, before its payment page (they share the Assistant address).
    deps.autopay.gateway.fetch = async (input, init) => app.fetch(new Request(input, init));
    app.route('/105/sandbox-gateway', autopaySandboxRoutes(deps));
  }
  if (deps.payments.moneta.sandbox) app.route('/105/sandbox-gateway', paymentSandboxRoutes(deps));
  const a3 = deps.payments.a3;
  if (a3?.sandbox === true) {
    // Our A3 sandbox is served by this very app: the adapter's signed HTTP calls reach it in-process.
    a3.fetch = async (input, init) => app.fetch(new Request(input, init));
    app.route('/105/sandbox-gateway/a3', a3SandboxRoutes(deps, a3));
    // Its card binding and token charges (autopay), beside its orders.
    app.route('/105/sandbox-gateway/a3', a3TokenSandboxRoutes(deps, a3));
  }
  const sbp = deps.payments.sbp;
  if (sbp?.sandbox === true) {
    // The СБП sandbox (moneta's MerchantAPI and the payer's «bank app») is served in-process too.
    sbp.fetch = async (input, init) => app.fetch(new Request(input, init));
    app.route('/105/sandbox-gateway/sbp', sbpSandboxRoutes(deps, sbp));
  }
  app.route('/api', ordinanceRoutes(deps));
  app.route('/v1', experimentRoutes(deps));
  app.route('/coordinates', mapRoutes(deps));
  app.route('/geocoder', geocoderRoutes(deps));

  app.notFound((c) => fail(c, 404, 'Метод API не найден'));
  app.onError((error, c) => {
    if (error instanceof ApiError) return fail(c, error.status, error.message);
    if (error instanceof HTTPException && error.status < 500) return fail(c, error.status, 'Некорректный запрос');
    deps.onUnexpectedError?.(error, { requestId: c.get('requestId') });
    return fail(c, 500, 'Внутренняя ошибка сервера. Попробуйте позже');
  });
  return app;
}

/** Whether `select 1` comes back within `timeoutMs`. */
async function databaseAnswers(deps: AppDeps, timeoutMs: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const query = sql`select 1`.execute(deps.db).then(() => true, () => false);
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

import { createHmac } from 'node:crypto';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { subscriptionState } from '../../src/lib/subscription.ts';
import type { AppDeps } from '../appDeps.ts';
import { ApiError } from '../http/apiError.ts';
import type { AppEnv } from '../http/appEnv.ts';
import { addressSubject, clientAddress, enforceLimit } from '../http/rateLimit.ts';
import { recordAudit } from '../observability/audit.ts';
import type { ApiCall, ApiResource } from './apiResource.ts';
import { findApiCaller } from './apiKeys.ts';
import type { ApiCaller } from './apiKeys.ts';

/** Calls per key per minute unless API_KEY_RATE_LIMIT says otherwise. */
export const DEFAULT_API_KEY_RATE_LIMIT = 600;

/** Where the integrator API lives, below /105/api. */
export const API_V1 = '/v1';

/** The key of `Authorization: Bearer <key>`; 401 when there is none. */
function bearerKey(c: Context): string {
  const header = c.req.header('authorization') ?? '';
  const match = /^Bearer\s+(\S{1,200})\s*$/i.exec(header);
  if (match?.[1] === undefined) throw new ApiError(401, 'Нужен API-ключ: заголовок Authorization: Bearer <ключ>');
  return match[1];
}

/** The key's caller, or a 401 (unknown or revoked key) or 403 (the subscription is not paid or has ended). */
async function callerOf(deps: AppDeps, c: Context): Promise<ApiCaller> {
  const caller = await findApiCaller(deps.db, bearerKey(c), deps.clock());
  if (caller === undefined) throw new ApiError(401, 'API-ключ недействителен или отозван');
  const state = subscriptionState(caller.subscribeType, caller.subscriptionEnd, deps.clock());
  if (state.isDemo || state.isExpired) throw new ApiError(403, 'API доступен организациям с оплаченной подпиской');
  return caller;
}

/**
 * The integrator API: every call of every resource behind the key check, the per-key limit (the
 * shared rate_limits table), the scope (a read key cannot write: 403) and an audit line per call,
 * refusals included (the key's id, the organization's owner, the action, the outcome).
 */
export function integrationApiRoutes(deps: AppDeps, resources: readonly ApiResource[]): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const rule = { limit: deps.apiKeyRateLimit ?? DEFAULT_API_KEY_RATE_LIMIT, windowMs: 60_000 };
  const addressHash = (c: Context<AppEnv>) => createHmac('sha256', deps.notifySecret).update(`audit:${addressSubject(clientAddress(c, deps.trustProxy))}`).digest('hex').slice(0, 32);

  const mount = (call: ApiCall) => {
    routes.on(call.method.toUpperCase(), `${API_V1}${call.path}`, async (c) => {
      let caller: ApiCaller | undefined;
      let status = 500;
      try {
        caller = await callerOf(deps, c);
        await enforceLimit(c, deps.limiter, 'api-key', String(caller.keyId), rule);
        if (call.write && caller.scope !== 'read-write') throw new ApiError(403, 'Этот ключ только для чтения: для изменений создайте ключ с правом записи');
        const response = await call.handle(c, { deps, caller });
        status = response.status;
        return response;
      } catch (error) {
        status = error instanceof ApiError ? error.status : 500;
        throw error;
      } finally {
        await recordAudit(
          deps.db,
          {
            userId: caller?.ownerId ?? null,
            action: call.action,
            objectType: 'apiKey',
            objectId: caller === undefined ? null : String(caller.keyId),
            outcome: status < 300 ? 'ok' : 'refused',
            addressHash: addressHash(c),
            requestId: c.get('requestId'),
          },
          deps.clock(),
        );
      }
    });
  };
  for (const resource of resources) for (const call of resource.calls) mount(call);
  return routes;
}

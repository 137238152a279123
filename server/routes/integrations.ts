import type { Context } from 'hono';
import { Hono } from 'hono';
import { organizationOfPath } from '../organizations/organizationOfPath.ts';
import { ApiKeyInput, PageQuery, WebhookInput } from '../../src/api/structs/integrations.ts';
import type { ApiKey, Webhook, WebhookDelivery } from '../../src/api/structs/integrations.ts';
import { subscriptionState } from '../../src/lib/subscription.ts';
import type { AppDeps } from '../appDeps.ts';
import { ApiError, notFound } from '../http/apiError.ts';
import type { AppEnv } from '../http/appEnv.ts';
import { requireUser } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { bodyInput, parseInput, queryInput } from '../http/input.ts';
import { pathId } from '../http/pathId.ts';
import { createApiKey, listApiKeys, MAX_API_KEYS, revokeApiKey } from '../integrations/apiKeys.ts';
import type { ApiKeyRow } from '../integrations/apiKeys.ts';
import { createWebhook, deleteWebhook, listDeliveries, listWebhooks, MAX_WEBHOOKS, ownWebhook, pingWebhook, resendDelivery } from '../integrations/webhooks/endpointStore.ts';
import type { DeliveryListed, WebhookEndpointRow } from '../integrations/webhooks/endpointStore.ts';
import { webhookUrlProblem } from '../integrations/webhooks/network.ts';
import type { OrganizationRow } from '../organizations/organizationStore.ts';

/** The reply shape of a key (never the key). */
function toApiKey(row: ApiKeyRow): ApiKey {
  return { id: row.id, name: row.name, scope: row.scope === 'read-write' ? 'read-write' : 'read', prefix: row.prefix, createdAt: row.created_at.toISOString(), lastUsedAt: row.last_used_at?.toISOString() ?? null, revokedAt: row.revoked_at?.toISOString() ?? null };
}

/** The reply shape of an endpoint (never its secret). */
function toWebhook(row: WebhookEndpointRow): Webhook {
  return { id: row.id, url: row.url, events: Array.isArray(row.events) ? row.events.map(String) : [], createdAt: row.created_at.toISOString() };
}

/** The reply shape of a delivery. */
function toDelivery(row: DeliveryListed): WebhookDelivery {
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return { ...row, status: row.status as WebhookDelivery['status'], createdAt: row.createdAt.toISOString(), deliveredAt: iso(row.deliveredAt), nextAttemptAt: iso(row.nextAttemptAt) };
}

/** The cabinet's side of the integrator API: an organization's owner manages its API keys, webhooks and deliveries. */
export function integrationRoutes(deps: AppDeps): Hono<AppEnv> {
  const { db, clock } = deps;
  const routes = new Hono<AppEnv>();
  routes.use('/organization/:id/api-keys', requireUser(deps));
  routes.use('/organization/:id/api-keys/*', requireUser(deps));
  routes.use('/organization/:id/webhooks', requireUser(deps));
  routes.use('/organization/:id/webhooks/*', requireUser(deps));

  /** The path's organization if it is the account's (404 otherwise). */
  const organizationOf = (c: Context<AppEnv>) => organizationOfPath(deps, c);
  /** The same, refusing an organization without a running paid subscription: keys and webhooks are a paid feature. */
  const paidOrganizationOf = async (c: Context<AppEnv>): Promise<OrganizationRow> => {
    const organization = await organizationOf(c);
    const state = subscriptionState(organization.subscribe_type, organization.subscription_end, clock());
    if (state.isDemo || state.isExpired) throw new ApiError(403, 'API и вебхуки доступны с оплаченной подпиской');
    return organization;
  };

  routes.get('/organization/:id/api-keys', async (c) => {
    const organization = await organizationOf(c);
    return ok(c, { items: (await listApiKeys(db, organization.id)).map(toApiKey) });
  });

  routes.post('/organization/:id/api-keys', async (c) => {
    const organization = await paidOrganizationOf(c);
    const input = parseInput(ApiKeyInput, await bodyInput(c));
    const created = await createApiKey(db, organization.id, input.name, input.scope, clock());
    if (created === 'tooMany') throw new ApiError(409, `У организации уже ${MAX_API_KEYS} действующих ключей: отзовите ненужный`);
    return ok(c, { item: toApiKey(created.row), key: created.key });
  });

  routes.delete('/organization/:id/api-keys/:keyId', async (c) => {
    const organization = await organizationOf(c);
    const id = pathId(c, 'keyId');
    if (!(await revokeApiKey(db, organization.id, id, clock()))) throw notFound();
    return ok(c, { revoked: id });
  });

  routes.get('/organization/:id/webhooks', async (c) => {
    const organization = await organizationOf(c);
    return ok(c, { items: (await listWebhooks(db, organization.id)).map(toWebhook) });
  });

  routes.post('/organization/:id/webhooks', async (c) => {
    const organization = await paidOrganizationOf(c);
    const input = parseInput(WebhookInput, await bodyInput(c));
    const problem = await webhookUrlProblem(input.url, deps.webhooks.network);
    if (problem !== undefined) throw new ApiError(422, problem);
    const created = await createWebhook(db, organization.id, input.url, [...new Set(input.events)], clock());
    if (created === 'tooMany') throw new ApiError(409, `У организации уже ${MAX_WEBHOOKS} вебхуков: удалите ненужный`);
    return ok(c, { item: toWebhook(created), secret: created.secret });
  });

  routes.delete('/organization/:id/webhooks/:webhookId', async (c) => {
    const organization = await organizationOf(c);
    const id = pathId(c, 'webhookId');
    if (!(await deleteWebhook(db, organization.id, id, clock()))) throw notFound();
    return ok(c, { deleted: id });
  });

  routes.post('/organization/:id/webhooks/:webhookId/ping', async (c) => {
    const organization = await paidOrganizationOf(c);
    const endpoint = await ownWebhook(db, organization.id, pathId(c, 'webhookId'));
    if (endpoint === undefined) throw notFound();
    const deliveryId = await pingWebhook(db, organization.id, endpoint.id, clock());
    deps.webhooks.kick();
    return ok(c, { deliveryId });
  });

  routes.get('/organization/:id/webhooks/deliveries', async (c) => {
    const organization = await organizationOf(c);
    const query = parseInput(PageQuery, queryInput(c), 400);
    const page = query.page ?? 1;
    const showBy = Math.min(query.showBy ?? 20, 100);
    const { items, total } = await listDeliveries(db, organization.id, page, showBy);
    return ok(c, { items: items.map(toDelivery), total, page, showBy });
  });

  routes.post('/organization/:id/webhooks/deliveries/:deliveryId/resend', async (c) => {
    const organization = await paidOrganizationOf(c);
    const deliveryId = String(pathId(c, 'deliveryId'));
    const created = await resendDelivery(db, organization.id, deliveryId, clock());
    if (created === undefined) throw notFound();
    deps.webhooks.kick();
    return ok(c, { deliveryId: created });
  });

  return routes;
}

import { useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { $integrations, createKey, hideShownOnce, loadIntegrations, registerWebhook, resend } from '../../../../src/stores/organization/integrations.ts';
import { fail, fakeApi, ok } from '../fakeApi.ts';
import { resetAccountStores, signedIn } from '../account/fixtures.ts';

// Issue 26 §4: the cabinet's keys and webhooks — what the server shows once stays until the person has it.

beforeAll(() => useTestStorageEngine());
beforeEach(() => {
  resetAccountStores();
  signedIn({});
});
afterEach(() => resetAccountStores());

const KEY = { id: 3, name: '1С', scope: 'read', prefix: 'shk_AbCdEf', createdAt: '2026-03-16T07:00:00.000Z', lastUsedAt: null, revokedAt: null };
const HOOK = { id: 5, url: 'https://hooks.example.com/x', events: ['fine.new'], createdAt: '2026-03-16T07:00:00.000Z' };
const DELIVERY = { id: '9', eventId: '4', type: 'ping', endpointId: 5, url: HOOK.url, status: 'failed', attempts: 8, lastStatusCode: 500, lastError: 'Ответ 500', createdAt: HOOK.createdAt, deliveredAt: null, nextAttemptAt: null, manual: false };
const lists = (keys: unknown[] = [KEY], hooks: unknown[] = [HOOK], deliveries: unknown[] = [DELIVERY]) => ({
  'GET /105/api/organization/7/api-keys': () => ok({ items: keys }),
  'GET /105/api/organization/7/webhooks': () => ok({ items: hooks }),
  'GET /105/api/organization/7/webhooks/deliveries': () => ok({ items: deliveries, total: deliveries.length, page: 1, showBy: 20 }),
});

describe('the integrations of an organization', () => {
  it('loads keys, webhooks and deliveries', async () => {
    fakeApi(lists());
    await loadIntegrations(7);
    expect($integrations.get()).toMatchObject({ organizationId: 7, keys: [KEY], webhooks: [HOOK], deliveries: [DELIVERY], deliveriesTotal: 1, busy: false, error: '' });
  });

  it('shows a new key once, until the person says it is saved', async () => {
    const api = fakeApi({ ...lists(), 'POST /105/api/organization/7/api-keys': () => ok({ item: KEY, key: 'shk_secret' }) });
    await loadIntegrations(7);
    expect(await createKey('  1С ', 'read')).toBeUndefined();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toBe('name=1%D0%A1&scope=read');
    expect($integrations.get().shownOnce).toEqual({ kind: 'key', label: '1С', value: 'shk_secret' });
    hideShownOnce();
    expect($integrations.get().shownOnce).toBeUndefined();
    expect(await createKey(' ', 'read')).toBe('Назовите ключ: например, «1С» или «Учётная система»');
  });

  it("answers the server's refusal of a webhook address, and checks the scheme and events first", async () => {
    fakeApi({ ...lists(), 'POST /105/api/organization/7/webhooks': () => fail(422, 'Этот адрес недоступен: принимаются только адреса в интернете') });
    await loadIntegrations(7);
    expect(await registerWebhook('http://hooks.example.com', ['fine.new'])).toBe('Адрес вебхука должен начинаться с https://');
    expect(await registerWebhook('https://hooks.example.com', [])).toBe('Выберите хотя бы одно событие');
    expect(await registerWebhook('https://10.0.0.1/x', ['fine.new'])).toBe('Этот адрес недоступен: принимаются только адреса в интернете');
    expect($integrations.get().shownOnce).toBeUndefined();
  });

  it('resends a delivery and reloads the log', async () => {
    const api = fakeApi({ ...lists(), 'POST /105/api/organization/7/webhooks/deliveries/9/resend': () => ok({ deliveryId: '10' }) });
    await loadIntegrations(7);
    expect(await resend('9')).toBeUndefined();
    expect(api.calls.filter((c) => c.path === '/105/api/organization/7/webhooks/deliveries')).toHaveLength(2);
  });
});

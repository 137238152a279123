import { map } from 'nanostores';
import * as api from '../../api/integrations.ts';
import type { ApiKey, Webhook, WebhookDelivery } from '../../api/structs/integrations.ts';
import { WEBHOOK_EVENT_TYPES } from '../../api/structs/integrations.ts';
import { userMessage } from '../../api/userMessage.ts';
import { requireCredentials } from '../authData.ts';
import { onSignOut } from '../auth/account.ts';
import { notify } from '../notices.ts';

/** A secret the server shows once: the new key, or the new endpoint's signing secret. */
export type ShownOnce = { kind: 'key' | 'secret'; label: string; value: string };

/** The cabinet's «API и вебхуки» of the chosen organization. */
export type IntegrationsState = {
  organizationId: number | undefined;
  keys: ApiKey[];
  webhooks: Webhook[];
  deliveries: WebhookDelivery[];
  deliveriesTotal: number;
  shownOnce: ShownOnce | undefined;
  busy: boolean;
  error: string;
};

const EMPTY: IntegrationsState = { organizationId: undefined, keys: [], webhooks: [], deliveries: [], deliveriesTotal: 0, shownOnce: undefined, busy: false, error: '' };

/** Keys, endpoints and the latest deliveries. */
export const $integrations = map<IntegrationsState>({ ...EMPTY });

onSignOut(() => $integrations.set({ ...EMPTY }));

/** The event names as the cabinet shows them. */
export const EVENT_LABELS: Record<(typeof WEBHOOK_EVENT_TYPES)[number] | 'ping', string> = {
  'fine.new': 'Новый штраф',
  'fine.paid': 'Штраф оплачен',
  'discount.ending': 'Скидка заканчивается (за 3 дня)',
  'autopay.scheduled': 'Запланирован автоплатёж',
  ping: 'Проверка',
};

/** Loads everything of the organization. */
export async function loadIntegrations(organizationId: number): Promise<void> {
  $integrations.set({ ...$integrations.get(), organizationId, busy: true, error: '', ...($integrations.get().organizationId === organizationId ? {} : { keys: [], webhooks: [], deliveries: [], shownOnce: undefined }) });
  try {
    const auth = requireCredentials();
    const [keys, webhooks, deliveries] = await Promise.all([api.fetchApiKeys(auth, organizationId), api.fetchWebhooks(auth, organizationId), api.fetchDeliveries(auth, organizationId)]);
    if ($integrations.get().organizationId !== organizationId) return;
    $integrations.set({ ...$integrations.get(), keys, webhooks, deliveries: deliveries.items, deliveriesTotal: deliveries.total, busy: false, error: '' });
  } catch (error) {
    $integrations.set({ ...$integrations.get(), busy: false, error: userMessage(error) });
  }
}

/** Runs a change and reloads; answers the failure's message, or undefined. */
async function change(call: (organizationId: number) => Promise<void>): Promise<string | undefined> {
  const organizationId = $integrations.get().organizationId;
  if (organizationId === undefined) return 'Сначала выберите организацию';
  try {
    await call(organizationId);
    await loadIntegrations(organizationId);
    return undefined;
  } catch (error) {
    return userMessage(error);
  }
}

/** Creates a key and shows it once. */
export function createKey(name: string, scope: 'read' | 'read-write'): Promise<string | undefined> {
  if (name.trim() === '') return Promise.resolve('Назовите ключ: например, «1С» или «Учётная система»');
  return change(async (id) => {
    const { key, item } = await api.createApiKey(requireCredentials(), id, { name: name.trim(), scope });
    $integrations.setKey('shownOnce', { kind: 'key', label: item.name, value: key });
  });
}

/** Revokes a key: calls with it get 401 from now on. */
export function revokeKey(keyId: number): Promise<string | undefined> {
  return change(async (id) => {
    await api.revokeApiKey(requireCredentials(), id, keyId);
    notify('success', 'Ключ отозван');
  });
}

/** Registers an endpoint and shows its signing secret once. */
export function registerWebhook(url: string, events: readonly string[]): Promise<string | undefined> {
  if (!/^https:\/\//i.test(url.trim())) return Promise.resolve('Адрес вебхука должен начинаться с https://');
  if (events.length === 0) return Promise.resolve('Выберите хотя бы одно событие');
  return change(async (id) => {
    const { secret, item } = await api.createWebhook(requireCredentials(), id, url.trim(), events);
    $integrations.setKey('shownOnce', { kind: 'secret', label: item.url, value: secret });
  });
}

/** Removes an endpoint. */
export function removeWebhook(webhookId: number): Promise<string | undefined> {
  return change((id) => api.deleteWebhook(requireCredentials(), id, webhookId));
}

/** Sends a test event to an endpoint; the delivery appears in the log. */
export function sendTestEvent(webhookId: number): Promise<string | undefined> {
  return change(async (id) => {
    await api.pingWebhook(requireCredentials(), id, webhookId);
    notify('info', 'Тестовое событие отправлено');
  });
}

/** Sends a delivered or failed event again. */
export function resend(deliveryId: string): Promise<string | undefined> {
  return change(async (id) => {
    await api.resendDelivery(requireCredentials(), id, deliveryId);
    notify('info', 'Событие отправлено ещё раз');
  });
}

/** Reloads the delivery log. */
export async function refreshDeliveries(): Promise<void> {
  const organizationId = $integrations.get().organizationId;
  if (organizationId !== undefined) await loadIntegrations(organizationId);
}

/** Forgets the secret shown once (the person has copied it). */
export function hideShownOnce(): void {
  $integrations.setKey('shownOnce', undefined);
}

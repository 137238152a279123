import * as integ from '../../src/api/structs/integrations.ts';
import type { RouteDoc } from '../openapi/routeDoc.ts';
import type { JsonSchema } from '../openapi/structSchema.ts';
import { structSchema } from '../openapi/structSchema.ts';
import { API_V1 } from './apiRouter.ts';
import { API_RESOURCES } from './resources/index.ts';
import { SIGNATURE_HEADER } from './webhooks/signature.ts';

const A = '/105/api';
const O = `${A}/organization/{id}`;

/** The cabinet's calls that manage keys, webhooks and deliveries (session of the organization's owner). */
const CABINET: readonly RouteDoc[] = [
  { method: 'get', path: `${O}/api-keys`, tag: 'Интеграции', summary: 'API-ключи организации (без самих ключей)', auth: 'required', reply: integ.ApiKeysReply, errors: [401, 404] },
  { method: 'post', path: `${O}/api-keys`, tag: 'Интеграции', summary: 'Создать API-ключ (name, scope: read | read-write); ключ показывается один раз', auth: 'required', body: integ.ApiKeyInput, reply: integ.ApiKeyCreatedReply, errors: [401, 403, 404, 409, 422] },
  { method: 'delete', path: `${O}/api-keys/{keyId}`, tag: 'Интеграции', summary: 'Отозвать API-ключ', auth: 'required', reply: integ.ApiKeyRevokedReply, errors: [400, 401, 404] },
  { method: 'get', path: `${O}/webhooks`, tag: 'Интеграции', summary: 'Вебхуки организации', auth: 'required', reply: integ.WebhooksReply, errors: [401, 404] },
  { method: 'post', path: `${O}/webhooks`, tag: 'Интеграции', summary: 'Зарегистрировать вебхук (https, порт 443, только адреса в интернете); секрет подписи показывается один раз', auth: 'required', body: integ.WebhookInput, reply: integ.WebhookCreatedReply, errors: [401, 403, 404, 409, 422] },
  { method: 'delete', path: `${O}/webhooks/{webhookId}`, tag: 'Интеграции', summary: 'Удалить вебхук', auth: 'required', reply: integ.WebhookDeletedReply, errors: [400, 401, 404] },
  { method: 'post', path: `${O}/webhooks/{webhookId}/ping`, tag: 'Интеграции', summary: 'Отправить на вебхук тестовое событие ping', auth: 'required', reply: integ.WebhookQueuedReply, errors: [400, 401, 403, 404] },
  { method: 'get', path: `${O}/webhooks/deliveries`, tag: 'Интеграции', summary: 'Доставки событий, новые сначала (page, showBy до 100)', auth: 'required', query: integ.PageQuery, reply: integ.WebhookDeliveriesReply, errors: [400, 401, 404] },
  { method: 'post', path: `${O}/webhooks/deliveries/{deliveryId}/resend`, tag: 'Интеграции', summary: 'Отправить событие ещё раз (новая доставка)', auth: 'required', reply: integ.WebhookQueuedReply, errors: [400, 401, 403, 404] },
];

/** The integrator API's calls, from the resources the router mounts. */
const API_CALLS: readonly RouteDoc[] = API_RESOURCES.flatMap((resource) =>
  resource.calls.map((call): RouteDoc => ({
    method: call.method,
    path: `${A}${API_V1}${call.path.replace(/:([A-Za-z]+)/g, '{$1}')}`,
    tag: resource.tag,
    summary: `${call.summary}${call.write ? ' — нужен ключ read-write' : ''}`,
    auth: 'apiKey',
    ...(call.query === undefined ? {} : { query: call.query }),
    ...(call.body === undefined ? {} : { body: call.body }),
    ...(call.reply === undefined ? {} : { reply: call.reply }),
    ...(call.bare === true ? { bare: true } : {}),
    errors: [...new Set([401, 403, 429, ...(call.errors ?? [])])].sort((a, b) => a - b),
  })),
);

/** Every integration call for the OpenAPI document. */
export const INTEGRATION_ROUTE_DOCS: readonly RouteDoc[] = [...CABINET, ...API_CALLS];

/** The OpenAPI 3.1 `webhooks` of the document: what each event posts and how it is signed. */
export function webhookDocs(): Record<string, unknown> {
  const fine = structSchema(integ.ApiFine);
  const event = (type: string, data: JsonSchema, summary: string) => ({
    post: {
      summary,
      description:
        `Тело — JSON { id, type, createdAt, organizationId, data }. Заголовок ${SIGNATURE_HEADER}: t=<unix-время>,v1=<HMAC-SHA256 строки "t.тело" секретом вебхука, hex>. ` +
        'Проверьте подпись и что t не старше 5 минут; одно событие может прийти повторно (id тот же) — обрабатывайте его один раз. Ответьте 2xx; иначе повтор через 1 мин, 5 мин, 30 мин, 2 ч, 6 ч, 12 ч и 24 ч.',
      parameters: [
        { name: SIGNATURE_HEADER, in: 'header', required: true, schema: { type: 'string' } },
        { name: 'X-Shtrafy-Event', in: 'header', required: true, schema: { const: type } },
        { name: 'X-Shtrafy-Delivery', in: 'header', required: true, schema: { type: 'string' } },
      ],
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: { id: { type: 'string' }, type: { const: type }, createdAt: { type: 'string' }, organizationId: { type: 'integer' }, data },
              required: ['id', 'type', 'createdAt', 'organizationId', 'data'],
            },
          },
        },
      },
      responses: { '200': { description: 'Принято (любой код 2xx)' } },
    },
  });
  return {
    'fine.new': event('fine.new', { type: 'object', properties: { fine } }, 'Новый штраф автопарка, найденный повторной проверкой'),
    'fine.paid': event('fine.paid', { type: 'object', properties: { fine, paidAt: { type: 'string' } } }, 'Штраф автопарка оплачен через сервис'),
    'discount.ending': event('discount.ending', { type: 'object', properties: { fine, discountLastDay: { type: 'string' } } }, 'Скидка 50 % (25 %) заканчивается в ближайшие 3 дня'),
    'autopay.scheduled': event('autopay.scheduled', { type: 'object', properties: { fine, payAt: { type: 'string' }, amountKopecks: { type: 'integer' } } }, 'Автоплатёж запланирован'),
  };
}

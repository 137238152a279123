import { APP_VERSION } from '../../src/lib/appVersion.ts';
import { CREDENTIAL_HEADERS } from '../../src/api/structs/credentials.ts';
import type { RouteDoc } from './routeRegistry.ts';
import { ROUTE_DOCS } from './routeRegistry.ts';
import { structFields, structSchema } from './structSchema.ts';
import { webhookDocs } from '../integrations/openapiDocs.ts';
import type { JsonSchema } from './structSchema.ts';

/** What an HTTP status means here (server/README.md, "Conventions"). */
const STATUS_TEXT: Record<number, string> = {
  400: 'Некорректный запрос (обязательное поле, неверный id)',
  401: 'Нет данных входа или сессия недействительна',
  403: 'Действие недоступно этому пользователю',
  404: 'Не найдено (в том числе чужой объект)',
  409: 'Конфликт с уже сохранёнными данными',
  410: 'Ссылка больше не действует',
  413: 'Слишком большой запрос',
  415: 'Неподдерживаемый формат тела',
  422: 'Поле не прошло проверку (errorDesc называет его)',
  429: 'Слишком много запросов (см. Retry-After)',
  502: 'Внешний сервис не ответил',
  503: 'Сервис недоступен',
};

/** The error envelope every refusal uses. */
const ERROR_ENVELOPE: JsonSchema = {
  type: 'object',
  properties: { status: { const: 'error' }, error: { type: 'object', properties: { errorDesc: { type: 'string' } }, required: ['errorDesc'], additionalProperties: false } },
  required: ['status', 'error'],
  additionalProperties: false,
};

/** The ok envelope around a reply. */
const okEnvelope = (response: JsonSchema): JsonSchema => ({ type: 'object', properties: { status: { const: 'ok' }, response }, required: ['status', 'response'], additionalProperties: false });

/** The OpenAPI operation of one call. */
function operation(route: RouteDoc): Record<string, unknown> {
  const pathParams = [...route.path.matchAll(/\{([A-Za-z]+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
  const queryParams = route.query === undefined ? [] : structFields(route.query).filter((f) => !pathParams.some((p) => p.name === f.name)).map((f) => ({ name: f.name, in: 'query', required: f.required, schema: f.schema }));
  const body = route.body === undefined ? undefined : structSchema(route.body);
  const content: Record<string, { schema: JsonSchema }> | undefined =
    route.bodyAs === 'multipart'
      ? { 'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string' }, preview: { enum: ['1'] } }, required: ['file'] } } }
      : route.bodyAs === 'report'
        ? { 'application/csp-report': { schema: { type: 'object' } }, 'application/reports+json': { schema: { type: 'array' } } }
        : body === undefined
          ? undefined
          : route.bodyAs === 'json'
            ? { 'application/json': { schema: body } }
            : { 'application/x-www-form-urlencoded': { schema: body }, 'application/json': { schema: body } };
  const reply = route.reply === undefined ? {} : structSchema(route.reply);
  const responses: Record<string, unknown> = {
    200: { description: 'Готово', content: { 'application/json': { schema: route.bare === true ? reply : okEnvelope(reply) } } },
  };
  for (const status of route.errors ?? []) responses[status] = { description: STATUS_TEXT[status] ?? 'Ошибка', content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } };
  return {
    tags: [route.tag],
    summary: route.summary,
    operationId: `${route.method}${route.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
    ...(pathParams.length + queryParams.length > 0 ? { parameters: [...pathParams, ...queryParams] } : {}),
    ...(content === undefined ? {} : { requestBody: { required: true, content } }),
    ...(route.auth === 'none' ? { security: [] } : route.auth === 'optional' ? { security: [{}, { session: [], rand: [], userId: [] }] } : route.auth === 'apiKey' ? { security: [{ apiKey: [] }] } : {}),
    responses,
  };
}

/** The OpenAPI 3.1 document of the whole public API, built from the structs the routes check requests with. */
export function openApiDocument(siteUrl: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of ROUTE_DOCS) (paths[route.path] ??= {})[route.method] = operation(route);
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    info: {
      title: 'Штрафы Онлайн API',
      version: APP_VERSION,
      description:
        'Ответы — конверт { status: ok | error | wait, response?, error?: { errorDesc } }. Тела запросов — форма (application/x-www-form-urlencoded) или JSON. ' +
        'Данные входа — заголовки X-Session, X-Rand, X-User-Id (или параметры session, rand, userId). Проверки полей, которых схема не передаёт (шаблоны номеров, длины), описаны в сообщениях об ошибках.',
    },
    servers: [{ url: siteUrl }],
    security: [{ session: [], rand: [], userId: [] }],
    paths,
    webhooks: webhookDocs(),
    components: {
      schemas: { ErrorEnvelope: ERROR_ENVELOPE },
      securitySchemes: {
        session: { type: 'apiKey', in: 'header', name: CREDENTIAL_HEADERS.session, description: 'Токен сессии, 64 шестнадцатеричных знака' },
        rand: { type: 'apiKey', in: 'header', name: CREDENTIAL_HEADERS.rand, description: '32 шестнадцатеричных знака' },
        userId: { type: 'apiKey', in: 'header', name: CREDENTIAL_HEADERS.userId, description: 'id пользователя' },
        apiKey: { type: 'http', scheme: 'bearer', description: 'API-ключ организации (shk_…) для вызовов /105/api/v1: создаётся владельцем в кабинете, права read или read-write' },
      },
    },
  };
}

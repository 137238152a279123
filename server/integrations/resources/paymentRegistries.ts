import { PaymentRegistriesReply, PaymentRegistryFileQuery, PaymentRegistryInput, PaymentRegistryReply } from '../../../src/api/structs/paymentOrders.ts';
import { PageQuery } from '../../../src/api/structs/integrations.ts';
import { notFound } from '../../http/apiError.ts';
import { ok } from '../../http/envelope.ts';
import { bodyInput, parseInput, queryInput } from '../../http/input.ts';
import { pathId } from '../../http/pathId.ts';
import { ownOrganization } from '../../organizations/organizationStore.ts';
import { exportPaymentOrders, fileHeaders, orderSelection, ownRegistry, pageOfRegistries, registryFile, toPaymentRegistry } from '../../organizations/paymentOrders/paymentRegistry.ts';
import type { ApiResource } from '../apiResource.ts';

/** The key's payment registries: the exports of payment orders (the cabinet's and the API's), their files, a new one. */
export const paymentRegistriesResource: ApiResource = {
  name: 'payment-registries',
  tag: 'API: платёжки',
  calls: [
    {
      method: 'get',
      path: '/payment-registries',
      write: false,
      action: 'api.paymentRegistries.list',
      summary: 'Выгруженные реестры платёжных поручений, новые сначала (page, showBy до 100)',
      query: PageQuery,
      reply: PaymentRegistriesReply,
      errors: [400],
      async handle(c, { deps, caller }) {
        const query = parseInput(PageQuery, queryInput(c), 400);
        const page = query.page ?? 1;
        const showBy = Math.min(query.showBy ?? 20, 100);
        const { rows, total } = await pageOfRegistries(deps.db, caller.organizationId, page, showBy);
        return ok(c, { items: rows.map(toPaymentRegistry), total, page, showBy });
      },
    },
    {
      method: 'get',
      path: '/payment-registries/:registryId',
      write: false,
      action: 'api.paymentRegistries.read',
      summary: 'Один реестр: поручения, их номера, штрафы и суммы',
      reply: PaymentRegistryReply,
      errors: [400, 404],
      async handle(c, { deps, caller }) {
        const row = await ownRegistry(deps.db, caller.organizationId, pathId(c, 'registryId'));
        if (row === undefined) throw notFound();
        return ok(c, { item: toPaymentRegistry(row) });
      },
    },
    {
      method: 'get',
      path: '/payment-registries/:registryId/file',
      write: false,
      action: 'api.paymentRegistries.file',
      summary: 'Файл реестра: format=1c — 1CClientBankExchange (Windows-1251, CRLF) для клиент-банка и 1С, format=xlsx — таблица; ответ — файл, тот же, что при выгрузке',
      query: PaymentRegistryFileQuery,
      bare: true,
      errors: [400, 404],
      async handle(c, { deps, caller }) {
        const query = parseInput(PaymentRegistryFileQuery, queryInput(c), 400);
        const row = await ownRegistry(deps.db, caller.organizationId, pathId(c, 'registryId'));
        if (row === undefined) throw notFound();
        const file = await registryFile(row, query.format);
        return c.body(file.body, 200, fileHeaders(file));
      },
    },
    {
      method: 'post',
      path: '/payment-registries',
      write: true,
      action: 'api.paymentRegistries.create',
      summary: 'Создать реестр из неоплаченных штрафов: fineIds (список id) или all=discounted (все со скидкой); штрафы помечаются «выгружен в платёжку»; нужен сохранённый в кабинете расчётный счёт',
      body: PaymentRegistryInput,
      reply: PaymentRegistryReply,
      errors: [404, 422],
      async handle(c, { deps, caller }) {
        const input = parseInput(PaymentRegistryInput, await bodyInput(c));
        const selection = orderSelection(input, 422);
        const organization = await ownOrganization(deps.db, caller.ownerId, caller.organizationId);
        if (organization === undefined) throw notFound();
        const row = await exportPaymentOrders(deps, organization, selection, { kind: 'api', keyId: caller.keyId });
        return ok(c, { item: toPaymentRegistry(row) });
      },
    },
  ],
};

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR } from '../../../src/lib/operator.ts';
import { createMailTestApi } from '../helpers/accounts.ts';
import type { MailTestApi } from '../helpers/accounts.ts';
import { pdfText } from '../../unit/lib/pdfText.ts';
import { notify, paidNotification, payerWithFines, startPayment } from './helpers.ts';

// Issue 24, item 5: a receipt people can show — the operation by the gateway's number and Moscow time,
// the operator's requisites, each payee's, the amounts with the discount, the payer; no id of ours.

let api: MailTestApi;
beforeAll(async () => {
  api = await createMailTestApi();
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

describe('the receipt', () => {
  it('answers the operation, the operator, each payee and the amounts; the mailed PDF shows the same, without our payment id', async () => {
    const payer = await payerWithFines(api, 2);
    const { paymentId } = (await startPayment(api, payer, payer.fineIds.slice(0, 2), { email: 'receipt-doc@example.ru' })).body.response;
    const state = (await api.request('GET', `/105/api/payment/${paymentId}`, { session: payer.session })).body.response;
    await notify(api, paidNotification(api, paymentId, state.total, '770011223344'));
    const hash = (await api.request('GET', `/105/api/payment/${paymentId}`, { session: payer.session })).body.response.receiptHash as string;

    const receipt = (await api.request('GET', `/105/api/payment/receipt/${hash}`)).body.response;
    expect(receipt).toMatchObject({
      kind: 'fines',
      payer: 'Иванов Иван Иванович',
      gateway: 'moneta',
      gatewayName: 'НКО «МОНЕТА» (ООО)',
      operationId: '770011223344',
      operator: { name: OPERATOR.name, inn: OPERATOR.inn, kpp: OPERATOR.kpp, ogrn: OPERATOR.ogrn, address: OPERATOR.address, test: true },
    });
    expect(receipt.items).toHaveLength(2);
    for (const item of receipt.items) {
      expect(item.payee).toMatchObject({ inn: expect.stringMatching(/^\d{10}$/), bik: expect.stringMatching(/^\d{9}$/), kbk: expect.stringMatching(/^\d{20}$/), oktmo: expect.stringMatching(/^\d{8,11}$/) });
      expect(item.fullAmountKopecks).toBe(item.amount + item.discountKopecks);
    }
    const discount = receipt.items.reduce((sum: number, item: { discountKopecks: number }) => sum + item.discountKopecks, 0);
    expect(receipt).toMatchObject({ discountKopecks: discount, fullAmountKopecks: receipt.amount + discount, total: receipt.amount + receipt.commission });

    await api.mailIdle();
    const mail = await api.sink.next('receipt-doc@example.ru');
    const text = await pdfText(new Uint8Array(mail.attachments[0]?.content ?? []));
    for (const piece of [
      'Квитанция об оплате штрафов',
      'Номер операции 770011223344',
      'Платёжная система НКО «МОНЕТА» (ООО)',
      'Плательщик Иванов Иван Иванович',
      `ИНН / КПП ${OPERATOR.inn} / ${OPERATOR.kpp}`,
      `ОГРН ${OPERATOR.ogrn}`,
      ...receipt.items.flatMap((item: { uin: string; payee: { kbk: string; oktmo: string; bik: string } }) => [`Постановление ${item.uin}`, `УИН ${item.uin}`, `КБК ${item.payee.kbk}`, `ОКТМО ${item.payee.oktmo}`, `БИК ${item.payee.bik}`]),
      'Комиссия сервиса',
      'Всего списано:',
      'МСК',
    ]) {
      expect(text).toContain(piece);
    }
    expect(text).not.toContain(paymentId);
    expect(text).not.toContain(paymentId.slice(0, 8));
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailTestApi } from '../helpers/accounts.ts';
import type { MailTestApi } from '../helpers/accounts.ts';
import { notify, paidNotification, payerWithFines, startPayment } from './helpers.ts';

let api: MailTestApi;
beforeAll(async () => {
  api = await createMailTestApi();
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

describe('the receipt mail', () => {
  it('travels over SMTP once per payment, with the receipt link and the PDF attached', async () => {
    const payer = await payerWithFines(api, 1);
    const { paymentId } = (await startPayment(api, payer, payer.fineIds.slice(0, 1), { email: 'receipt@example.ru' })).body.response;
    const state = (await api.request('GET', `/105/api/payment/${paymentId}`, { session: payer.session })).body.response;
    const fields = paidNotification(api, paymentId, state.total);
    await notify(api, fields);
    await notify(api, fields);
    await api.mailIdle();
    const mail = await api.sink.next('receipt@example.ru');
    expect(mail.subject).toBe('Квитанция об оплате штрафа');
    const hash = (await api.request('GET', `/105/api/payment/${paymentId}`, { session: payer.session })).body.response.receiptHash;
    expect(mail.text).toContain(`/fines/document/${hash}/`);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({ contentType: 'application/pdf', filename: `kvitanciya-${paymentId.slice(0, 8)}.pdf` });
    expect(mail.attachments[0]?.content.subarray(0, 5).toString()).toBe('%PDF-');
    // The repeated notification sent no second mail.
    await new Promise((wait) => setTimeout(wait, 200));
    await expect(api.sink.next('receipt@example.ru', 300)).rejects.toThrow();
  });
});

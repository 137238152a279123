import { describe, expect, it } from 'vitest';
import { $invoiceTariff, invoiceQuote, loadInvoiceTariff } from '../../../../src/stores/organization/invoice.ts';
import { TARIFF_KOPECKS } from '../../../../src/lib/businessTerms.ts';
import { fakeApi, fail, ok } from '../fakeApi.ts';

// Issue 24, item 16: the invoice form shows its total, with how it is made, before the invoice is issued.

const plain = (quote: ReturnType<typeof invoiceQuote>) => ('formula' in quote ? { formula: quote.formula.replace(/\u00a0/g, ' ') } : quote);

describe('invoiceQuote', () => {
  it.each([
    ['3', '12', 15_000, { formula: '3 авто × 12 мес × 150 ₽ = 5 400 ₽' }],
    [' 20 ', '1', 19_000, { formula: '20 авто × 1 мес × 190 ₽ = 3 800 ₽' }],
    ['0', '12', 15_000, { problem: 'Число автомобилей — от 1 до 10 000' }],
    ['', '12', 15_000, { problem: 'Число автомобилей — от 1 до 10 000' }],
    ['2,5', '12', 15_000, { problem: 'Число автомобилей — от 1 до 10 000' }],
    ['3', '37', 15_000, { problem: 'Срок подписки — от 1 до 36 месяцев' }],
  ])('%j авто, %j мес at %i kopecks → %j', (vehicles, months, price, expected) => {
    expect(plain(invoiceQuote(vehicles, months, price))).toEqual(expected);
  });
});

describe('the tariff the form multiplies', () => {
  it('starts at the offer\'s figure and takes the server\'s once asked; a failure keeps the figure and asks again next time', async () => {
    expect($invoiceTariff.get()).toBe(TARIFF_KOPECKS);
    const api = fakeApi({ 'GET /105/api/tariff': [() => fail(503, 'Сервис недоступен'), () => ok({ perVehicleMonthKopecks: 19_900 })] });
    await loadInvoiceTariff();
    expect($invoiceTariff.get()).toBe(TARIFF_KOPECKS);
    await loadInvoiceTariff();
    expect($invoiceTariff.get()).toBe(19_900);
    await loadInvoiceTariff();
    expect(api.calls.filter((call) => call.path === '/105/api/tariff')).toHaveLength(2);
  });
});

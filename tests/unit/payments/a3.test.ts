import { describe, expect, it } from 'vitest';
import { a3Signature, a3Verify, createOrder, orderStatus, readCreateOrder, readOrderState, signedJson, A3Error } from '../../../server/payments/gateways/a3/protocol.ts';
import type { A3Fetch, A3Merchant } from '../../../server/payments/gateways/a3/protocol.ts';
import { offeredSystems, sandboxPayments } from '../../../server/payments/settings.ts';

const merchant: A3Merchant = { merchantId: 'shop-1', secret: 'a-long-merchant-secret', apiUrl: 'https://a3.example/api' };

describe('A3 signatures', () => {
  it('are HMAC-SHA256 of the body, hex (RFC 4231 test case 1)', () => {
    expect(a3Signature('\x0b'.repeat(20), 'Hi There')).toBe('b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7');
  });

  it('verify the exact body only', () => {
    const body = JSON.stringify({ orderId: 'a', amount: 100 });
    const signature = a3Signature(merchant.secret, body);
    expect(a3Verify(merchant.secret, body, signature)).toBe(true);
    expect(a3Verify(merchant.secret, body.replace('100', '101'), signature)).toBe(false);
    expect(a3Verify('another-secret', body, signature)).toBe(false);
    expect(a3Verify(merchant.secret, body, null)).toBe(false);
    expect(a3Verify(merchant.secret, body, 'zz')).toBe(false);
  });
});

describe('A3 messages', () => {
  const order = { merchantId: 'shop-1', orderId: 'f'.repeat(32), amount: 103_000, currency: 'RUB', description: 'Оплата штрафа', returnUrl: 'https://s/w', failUrl: 'https://s/e', callbackUrl: 'https://a/c' };

  it('reads a whole order and refuses a partial or odd one', () => {
    expect(readCreateOrder(order)).toEqual(order);
    expect(readCreateOrder({ ...order, amount: 10.5 })).toBeUndefined();
    expect(readCreateOrder({ ...order, currency: 'USD' })).toBeUndefined();
    expect(readCreateOrder({ ...order, returnUrl: undefined })).toBeUndefined();
    expect(readCreateOrder(null)).toBeUndefined();
  });

  it('reads an order state', () => {
    expect(readOrderState({ merchantId: 'shop-1', orderId: 'x', status: 'paid', amount: 1, operationId: '9' })).toMatchObject({ status: 'paid', operationId: '9' });
    expect(readOrderState({ merchantId: 'shop-1', orderId: 'x', status: 'refunded', amount: 1, operationId: null })).toBeUndefined();
  });
});

describe('the A3 adapter', () => {
  /** A gateway that answers `reply`, signed with `secret`, and keeps what it was sent. */
  function gateway(reply: unknown, secret = merchant.secret) {
    const sent: { url: string; body: string; signature: string | null }[] = [];
    const fetch: A3Fetch = async (url, init) => {
      sent.push({ url, body: String(init.body), signature: new Headers(init.headers).get('X-A3-Signature') });
      return signedJson(secret, reply);
    };
    return { fetch, sent };
  }

  it('signs the order it creates and checks the reply', async () => {
    const { fetch, sent } = gateway({ orderId: 'o1', formUrl: 'https://a3.example/pay/o1', status: 'created' });
    const reply = await createOrder(merchant, fetch, { orderId: 'o1', amount: 500, description: 'd', returnUrl: 'r', failUrl: 'f', callbackUrl: 'c' });
    expect(reply.formUrl).toBe('https://a3.example/pay/o1');
    expect(sent[0]?.url).toBe('https://a3.example/api/orders');
    expect(JSON.parse(sent[0]?.body ?? '{}')).toMatchObject({ merchantId: 'shop-1', currency: 'RUB', amount: 500 });
    expect(a3Verify(merchant.secret, sent[0]?.body ?? '', sent[0]?.signature)).toBe(true);
  });

  it('refuses a reply signed by someone else, and a status for another order', async () => {
    await expect(createOrder(merchant, gateway({ orderId: 'o1', formUrl: 'x', status: 'created' }, 'forger').fetch, { orderId: 'o1', amount: 1, description: 'd', returnUrl: 'r', failUrl: 'f', callbackUrl: 'c' })).rejects.toThrow(A3Error);
    await expect(orderStatus(merchant, gateway({ merchantId: 'shop-1', orderId: 'other', status: 'paid', amount: 1, operationId: '1' }).fetch, 'o1')).rejects.toThrow(A3Error);
    await expect(orderStatus(merchant, async () => { throw new Error('ECONNREFUSED'); }, 'o1')).rejects.toThrow(A3Error);
  });
});

describe('offered payment systems', () => {
  it('lists A3 only when it is configured', () => {
    const settings = sandboxPayments('http://localhost:4321');
    expect(offeredSystems(settings)).toEqual(['moneta', 'A3']);
    expect(offeredSystems({ ...settings, a3: undefined })).toEqual(['moneta']);
  });
});

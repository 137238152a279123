import { setAuthRecord } from '../../../../src/stores/authData.ts';
import { USER } from '../fakeApi.ts';

/** Signs the test user in (user 41). */
export const signedIn = () => setAuthRecord({ clientId: 'c', salt: USER.salt, rand: USER.rand, userId: '41', session: USER.session });

/** An unfinished payment in the API's shape. */
export function unfinishedFixture(overrides: Record<string, unknown> = {}) {
  return {
    paymentId: 'a'.repeat(32),
    fineIds: [7],
    uins: ['18810177240101000017'],
    total: 153_000,
    totalKopecks: 153_000,
    createdAt: '2026-11-22T10:00:00.000Z',
    holdEndsAt: '2026-11-22T10:20:00.000Z',
    holdSecondsLeft: 14 * 60,
    continueUrl: 'http://localhost:4321/105/sandbox-gateway/moneta/assistant?MNT_TRANSACTION_ID=aaa',
    ...overrides,
  };
}

/** A quote of fine 7 in the API's shape. */
export function quoteFixture(overrides: Record<string, unknown> = {}) {
  return {
    items: [{ fineId: 7, uin: '18810177240101000017', title: 'Превышение скорости', article: '12.9.2', fullAmount: 100_000, amountToPay: 50_000, fullAmountKopecks: 100_000, amountToPayKopecks: 50_000, discountActive: true, discountEndsAt: '2026-12-01' }],
    amount: 50_000,
    commission: 3_000,
    total: 53_000,
    amountKopecks: 50_000,
    commissionKopecks: 3_000,
    totalKopecks: 53_000,
    commissionRule: { percent: 2.5, minKopecks: 3_000 },
    paymentSystems: ['moneta', 'A3'],
    unfinished: null,
    payer: null,
    ...overrides,
  };
}

/** A payment state in the API's shape. */
export function paymentFixture(overrides: Record<string, unknown> = {}) {
  return {
    paymentId: 'b'.repeat(32),
    status: 'wait',
    items: [{ fineId: 7, uin: '18810177240101000017', amount: 50_000, amountKopecks: 50_000 }],
    recipient: 'fines',
    amount: 50_000,
    commission: 3_000,
    total: 53_000,
    amountKopecks: 50_000,
    commissionKopecks: 3_000,
    totalKopecks: 53_000,
    createdAt: '2026-11-22T10:00:00.000Z',
    finishedAt: null,
    receiptHash: null,
    errorDesc: null,
    cashbackRequestedAt: null,
    holdSecondsLeft: 1_000,
    continueUrl: null,
    ...overrides,
  };
}

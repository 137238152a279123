import type { Kysely } from 'kysely';
import type { PaymentState, Receipt, UnfinishedPayment } from '../../src/api/structs/payment.ts';
import type { Database } from '../db/schema.ts';
import { paymentByReceipt, paymentItems } from './paymentStore.ts';
import { cashbackRequestedAt } from './cashbackStore.ts';
import type { PaymentRow } from './paymentStore.ts';
import { OPERATOR } from '../../src/lib/operator.ts';
import type { Operator } from '../../src/lib/operator.ts';
import { gatewayName } from '../../src/lib/receiptText.ts';
import { holdEndsAt } from './holds.ts';

/** Seconds from `now` to the end of the payment's hold (0 once it is over). */
function secondsLeft(payment: PaymentRow, now: Date, holdMs: number): number {
  return Math.max(0, Math.ceil((holdEndsAt(payment.created_at, holdMs).getTime() - now.getTime()) / 1000));
}

/** An unfinished payment as its payer sees it: what it holds, how long, and where to continue. */
export function unfinishedView(payment: PaymentRow, items: readonly { fineId: number | null; uin: string }[], now: Date, holdMs: number): UnfinishedPayment {
  const total = Number(payment.total_kopecks);
  return {
    paymentId: payment.id,
    fineIds: items.flatMap((item) => (item.fineId === null ? [] : [item.fineId])),
    uins: items.map((item) => item.uin),
    total,
    totalKopecks: total,
    createdAt: payment.created_at.toISOString(),
    holdEndsAt: holdEndsAt(payment.created_at, holdMs).toISOString(),
    holdSecondsLeft: secondsLeft(payment, now, holdMs),
    continueUrl: payment.redirect_url,
  };
}

/** A payment's sums in kopecks, under the names the site reads and under names that say the unit (server/README.md, "Money"). */
function paymentSums(payment: PaymentRow) {
  const [amount, commission, total] = [Number(payment.amount_kopecks), Number(payment.commission_kopecks), Number(payment.total_kopecks)];
  return { amount, commission, total, amountKopecks: amount, commissionKopecks: commission, totalKopecks: total };
}

/** A payment as GET /payment/{id} shows it to its payer; `hold` gives a waiting one its time left and its gateway page. */
export async function paymentState(db: Kysely<Database>, payment: PaymentRow, hold?: { now: Date; holdMs: number }): Promise<PaymentState> {
  const waiting = payment.status === 'wait' && hold !== undefined;
  const items = await paymentItems(db, payment.id);
  return {
    paymentId: payment.id,
    status: payment.status,
    items: items.map((item) => ({ fineId: item.fine_id, uin: item.uin, amount: Number(item.amount_kopecks), amountKopecks: Number(item.amount_kopecks) })),
    recipient: payment.recipient_type,
    ...paymentSums(payment),
    createdAt: payment.created_at.toISOString(),
    finishedAt: payment.finished_at?.toISOString() ?? null,
    receiptHash: payment.status === 'success' ? payment.receipt_hash : null,
    errorDesc: payment.status === 'success' ? null : payment.error_desc,
    cashbackRequestedAt: (await cashbackRequestedAt(db, payment.id))?.toISOString() ?? null,
    holdSecondsLeft: waiting ? secondsLeft(payment, hold.now, hold.holdMs) : null,
    continueUrl: waiting ? payment.redirect_url : null,
  };
}

/** The receipt behind a link: the operation, the operator, the paid fines with their payees, the amounts with discounts (no e-mail). */
export async function receiptOf(db: Kysely<Database>, hash: string, operator: Operator = OPERATOR): Promise<Receipt | undefined> {
  const payment = await paymentByReceipt(db, hash);
  if (payment === undefined || payment.finished_at === null) return undefined;
  const items = await paymentItems(db, payment.id);
  const fineIds = items.flatMap((item) => (item.fine_id === null ? [] : [item.fine_id]));
  const taxIds = items.flatMap((item) => (item.tax_id === null ? [] : [item.tax_id]));
  const fines = fineIds.length === 0 ? [] : await db.selectFrom('fines').select(['id', 'article_title', 'payee']).where('id', 'in', fineIds).execute();
  const taxes = taxIds.length === 0 ? [] : await db.selectFrom('taxes').select(['id', 'title', 'period', 'payee']).where('id', 'in', taxIds).execute();
  const byId = new Map(fines.map((fine) => [fine.id, fine]));
  const taxById = new Map(taxes.map((tax) => [tax.id, { article_title: `${tax.title} за ${tax.period} год`, payee: tax.payee }]));
  const lines = items.map((item) => {
    const fine = item.fine_id !== null ? byId.get(item.fine_id) : item.tax_id !== null ? taxById.get(item.tax_id) : undefined;
    const amount = Number(item.amount_kopecks);
    // The accrual before the discount, as quoted when the payment was made (never below what was paid).
    const full = Math.max(amount, Number(item.full_kopecks));
    return {
      uin: item.uin,
      amount,
      amountKopecks: amount,
      fullAmountKopecks: full,
      discountKopecks: full - amount,
      title: fine?.article_title ?? '',
      payee: fine?.payee ?? { name: '', inn: '', kpp: '', account: '', bik: '', bankName: '', oktmo: '', kbk: '' },
    };
  });
  const sums = paymentSums(payment);
  const discount = lines.reduce((sum, line) => sum + line.discountKopecks, 0);
  return {
    paymentId: payment.id,
    paidAt: payment.finished_at.toISOString(),
    payer: payment.payer.fio,
    kind: payment.recipient_type,
    items: lines,
    ...sums,
    fullAmountKopecks: sums.amount + discount,
    discountKopecks: discount,
    gateway: payment.payment_system,
    gatewayName: gatewayName(payment.payment_system),
    operationId: payment.gateway_operation_id,
    operator: { name: operator.name, inn: operator.inn, kpp: operator.kpp, ogrn: operator.ogrn, address: operator.address, test: operator.test },
  };
}

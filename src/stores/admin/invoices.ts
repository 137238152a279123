import { map } from 'nanostores';
import { fetchAdminInvoices, markInvoicePaid, uploadBankStatement } from '../../api/adminInvoices.ts';
import { ApiReplyError } from '../../api/errors.ts';
import type { AdminInvoice, StatementImportReply } from '../../api/structs/paymentOrders.ts';
import { userMessage } from '../../api/userMessage.ts';
import { moscowToday } from '../../lib/isoDate.ts';
import { $credentials } from '../authData.ts';

/** What /admin/invoices/ shows. */
export type AdminInvoicesView = { kind: 'loading' } | { kind: 'notFound' } | { kind: 'failed'; message: string } | { kind: 'ready'; items: AdminInvoice[] };

/** The operator's invoices page: the list, the search, the invoice being marked, the last statement's report. */
export type AdminInvoicesState = { view: AdminInvoicesView; q: string; marking: number | undefined; notice: string; error: string; uploading: boolean; report: StatementImportReply | undefined };

/** The page's state. */
export const $adminInvoices = map<AdminInvoicesState>({ view: { kind: 'loading' }, q: '', marking: undefined, notice: '', error: '', uploading: false, report: undefined });

/** Loads the list (searching by number, ИНН or name); a visitor not on the team sees "not found". */
export async function loadAdminInvoices(q = $adminInvoices.get().q): Promise<void> {
  $adminInvoices.setKey('q', q);
  const auth = $credentials.get();
  if (auth === undefined) {
    $adminInvoices.setKey('view', { kind: 'notFound' });
    return;
  }
  try {
    $adminInvoices.setKey('view', { kind: 'ready', items: await fetchAdminInvoices(auth, q) });
  } catch (error) {
    const hidden = error instanceof ApiReplyError && (error.status === 404 || error.status === 401);
    $adminInvoices.setKey('view', hidden ? { kind: 'notFound' } : { kind: 'failed', message: userMessage(error) });
  }
}

/** Marks one invoice paid (the server settles it once) and reloads the list. */
export async function markPaid(invoice: AdminInvoice): Promise<void> {
  const auth = $credentials.get();
  if (auth === undefined || $adminInvoices.get().marking !== undefined) return;
  $adminInvoices.set({ ...$adminInvoices.get(), marking: invoice.id, notice: '', error: '' });
  try {
    const reply = await markInvoicePaid(auth, invoice.id);
    const end = reply.subscriptionEnd === undefined ? '' : ` Подписка до ${moscowToday(Date.parse(reply.subscriptionEnd)).split('-').reverse().join('.')}.`;
    $adminInvoices.setKey('notice', reply.outcome === 'paid' ? `Счёт № ${invoice.number} отмечен оплаченным.${end}` : `Счёт № ${invoice.number} уже был оплачен.`);
    await loadAdminInvoices();
  } catch (error) {
    $adminInvoices.setKey('error', userMessage(error));
  } finally {
    $adminInvoices.setKey('marking', undefined);
  }
}

/** Imports a bank statement and keeps its report. */
export async function importStatement(file: File): Promise<void> {
  const auth = $credentials.get();
  if (auth === undefined || $adminInvoices.get().uploading) return;
  $adminInvoices.set({ ...$adminInvoices.get(), uploading: true, notice: '', error: '', report: undefined });
  try {
    const report = await uploadBankStatement(auth, file);
    $adminInvoices.setKey('report', report);
    await loadAdminInvoices();
  } catch (error) {
    $adminInvoices.setKey('error', userMessage(error));
  } finally {
    $adminInvoices.setKey('uploading', false);
  }
}

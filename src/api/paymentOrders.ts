import { apiCall, apiDownload } from './client.ts';
import type { Credentials } from './structs/credentials.ts';
import { okEnvelope } from './structs/envelope.ts';
import { BankAccountReply, PaymentOrderFinesReply } from './structs/paymentOrders.ts';
import type { BankAccount } from './structs/paymentOrders.ts';

const bankAccountReply = okEnvelope(BankAccountReply);
const finesReply = okEnvelope(PaymentOrderFinesReply);

/** `GET /105/api/organization/{id}/bank-account`: the payer's account, or null before it is saved. */
export const fetchBankAccount = async (auth: Credentials, organizationId: number) => (await apiCall(`/105/api/organization/${organizationId}/bank-account`, bankAccountReply, { auth })).account;

/** `POST /105/api/organization/{id}/bank-account`. */
export const saveBankAccount = (auth: Credentials, organizationId: number, account: BankAccount) =>
  apiCall(`/105/api/organization/${organizationId}/bank-account`, bankAccountReply, { method: 'POST', auth, body: { ...account } });

/** `GET /105/api/organization/{id}/payment-orders/fines`: a page of unpaid fines with their «выгружен» marks. */
export const fetchPaymentOrderFines = (auth: Credentials, organizationId: number, page: number) =>
  apiCall(`/105/api/organization/${organizationId}/payment-orders/fines`, finesReply, { auth, query: { page: String(page) } });

/** Which fines: chosen ids, or every unpaid one with a running discount. */
export type OrdersChoice = { kind: 'ids'; ids: readonly number[] } | { kind: 'discounted' };

/** `POST /105/api/organization/{id}/payment-orders`: the orders as a 1С file or XLSX. */
export async function downloadPaymentOrders(auth: Credentials, organizationId: number, choice: OrdersChoice, format: '1c' | 'xlsx'): Promise<{ blob: Blob; filename: string }> {
  const body: Record<string, string> = choice.kind === 'ids' ? { fineIds: choice.ids.join(','), format } : { all: 'discounted', format };
  const { blob, filename } = await apiDownload(`/105/api/organization/${organizationId}/payment-orders`, { method: 'POST', auth, body });
  return { blob, filename: filename ?? (format === '1c' ? 'platezhki.txt' : 'platezhki.xlsx') };
}

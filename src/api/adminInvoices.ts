import { apiCall } from './client.ts';
import type { Credentials } from './structs/credentials.ts';
import { okEnvelope } from './structs/envelope.ts';
import { AdminInvoicesReply, InvoicePaidReply, StatementImportReply } from './structs/paymentOrders.ts';

const invoicesReply = okEnvelope(AdminInvoicesReply);
const paidReply = okEnvelope(InvoicePaidReply);
const statementReply = okEnvelope(StatementImportReply);

/** `GET /105/api/admin/invoices`: the newest invoices, unpaid first (an account not on the team gets 404). */
export const fetchAdminInvoices = async (auth: Credentials, q: string) => (await apiCall('/105/api/admin/invoices', invoicesReply, { auth, query: { q } })).items;

/** `POST /105/api/admin/invoices/{id}/paid`. */
export const markInvoicePaid = (auth: Credentials, id: number) => apiCall(`/105/api/admin/invoices/${id}/paid`, paidReply, { method: 'POST', auth });

/** `POST /105/api/admin/bank-statement`: a 1CClientBankExchange statement; the report per document. */
export function uploadBankStatement(auth: Credentials, file: File) {
  const form = new FormData();
  form.set('file', file);
  return apiCall('/105/api/admin/bank-statement', statementReply, { method: 'POST', auth, body: form });
}

import { okEnvelope } from './structs/envelope.ts';
import { InvoiceCreatedReply, InvoiceDocument, TariffReply } from './structs/invoice.ts';
import type { Credentials } from './structs/credentials.ts';
import { apiCall } from './client.ts';

const createdReply = okEnvelope(InvoiceCreatedReply);
const invoiceReply = okEnvelope(InvoiceDocument);
const tariffReply = okEnvelope(TariffReply);

/** `POST /105/api/organization/{id}/invoice`: an invoice for the organization's subscription. */
export async function issueInvoice(auth: Credentials, organizationId: number, vehicles: number, months: number): Promise<InvoiceDocument> {
  const reply = await apiCall(`/105/api/organization/${organizationId}/invoice`, createdReply, { method: 'POST', auth, body: { vehicles: String(vehicles), months: String(months) } });
  return reply.invoice;
}

/** `GET /105/api/invoice/{hash}`: one of the account's invoices by its link. */
export function fetchInvoice(auth: Credentials, hash: string): Promise<InvoiceDocument> {
  return apiCall(`/105/api/invoice/${encodeURIComponent(hash)}`, invoiceReply, { auth });
}

/** `GET /105/api/tariff`: the price per vehicle per month, kopecks. */
export async function fetchTariff(): Promise<number> {
  return (await apiCall('/105/api/tariff', tariffReply)).perVehicleMonthKopecks;
}

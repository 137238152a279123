import { fetchInvoice, issueInvoice } from '../../api/invoice.ts';
import type { InvoiceDocument } from '../../api/structs/invoice.ts';
import { userMessage } from '../../api/userMessage.ts';
import { $credentials, requireCredentials } from '../authData.ts';

/** What /invoice/{hash}/ shows: the invoice, a sign-in prompt (only the owner reads it) or why it is missing. */
export type InvoicePageView = { state: 'loading' } | { state: 'signedOut' } | { state: 'ready'; invoice: InvoiceDocument } | { state: 'missing'; message: string };

/** Loads the invoice the page's address names, for the signed-in owner. */
export async function loadInvoice(pathname: string): Promise<InvoicePageView> {
  const hash = /^\/invoice\/([A-Za-z0-9_-]{22})\/?$/.exec(pathname)?.[1];
  if (hash === undefined) return { state: 'missing', message: 'Счёт не найден: проверьте ссылку.' };
  const auth = $credentials.get();
  if (auth === undefined) return { state: 'signedOut' };
  try {
    return { state: 'ready', invoice: await fetchInvoice(auth, hash) };
  } catch (error) {
    return { state: 'missing', message: userMessage(error) };
  }
}

/** What the invoice form checks before asking the server (which checks again): a Russian message, or undefined. */
export function invoiceFormProblem(vehicles: number, months: number): string | undefined {
  if (!Number.isInteger(vehicles) || vehicles < 1 || vehicles > 10_000) return 'Число автомобилей — от 1 до 10 000';
  if (!Number.isInteger(months) || months < 1 || months > 36) return 'Срок подписки — от 1 до 36 месяцев';
  return undefined;
}

/** Issues an invoice for the organization and answers its page's address, or the reason it failed. */
export async function requestInvoice(organizationId: number, vehicles: number, months: number): Promise<{ href: string } | { error: string }> {
  const problem = invoiceFormProblem(vehicles, months);
  if (problem !== undefined) return { error: problem };
  try {
    const invoice = await issueInvoice(requireCredentials(), organizationId, vehicles, months);
    return { href: `/invoice/${invoice.hash}/` };
  } catch (error) {
    return { error: userMessage(error) };
  }
}

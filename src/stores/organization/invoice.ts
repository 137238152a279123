import { atom } from 'nanostores';
import { fetchInvoice, fetchTariff, issueInvoice } from '../../api/invoice.ts';
import { TARIFF_KOPECKS } from '../../lib/businessTerms.ts';
import { invoiceFormula } from '../../lib/invoiceText.ts';
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

/** The price per vehicle per month the form multiplies (kopecks): the offer's figure until the server's arrives. */
export const $invoiceTariff = atom<number>(TARIFF_KOPECKS);

let tariffAsked = false;

/** Asks the server for the price its invoices charge, once per page. */
export async function loadInvoiceTariff(): Promise<void> {
  if (tariffAsked) return;
  tariffAsked = true;
  try {
    $invoiceTariff.set(await fetchTariff());
  } catch {
    // The offer's figure stays: it is the server's default, and the issued invoice states its own price.
    tariffAsked = false;
  }
}

/** What the form shows as it is filled: the total with how it is made, or what is wrong with the numbers. */
export function invoiceQuote(vehicles: string, months: string, priceKopecks: number): { formula: string } | { problem: string } {
  const [v, m] = [Number(vehicles.trim() || Number.NaN), Number(months.trim() || Number.NaN)];
  const problem = invoiceFormProblem(v, m);
  return problem === undefined ? { formula: invoiceFormula(v, m, priceKopecks) } : { problem };
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

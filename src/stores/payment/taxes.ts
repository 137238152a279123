import { map } from 'nanostores';
import { fetchOrdinances } from '../../api/ordinances.ts';
import type { OrdinanceItem } from '../../api/structs/ordinance.ts';
import type { Tax } from '../../api/structs/tax.ts';
import { fetchTaxByUin } from '../../api/taxes.ts';
import { userMessage } from '../../api/userMessage.ts';
import { $credentials } from '../authData.ts';

/** The user's taxes (found by their ИНН in the profile) on /webview/taxes/. */
export type TaxListState = { state: 'loading' } | { state: 'signedOut' } | { state: 'ready'; taxes: OrdinanceItem[]; checking: boolean } | { state: 'error'; message: string };

/** The lookup of a tax by its УИН. */
export type TaxLookupState = { state: 'idle' } | { state: 'loading' } | { state: 'found'; tax: Tax } | { state: 'invalid' | 'notFound' | 'error'; message: string };

/** The page's state. */
export const $taxes = map<{ list: TaxListState; lookup: TaxLookupState }>({ list: { state: 'loading' }, lookup: { state: 'idle' } });

/** A УИН as typed: digits only; valid at 20 or 25 digits. */
export function cleanUin(typed: string): string | undefined {
  const digits = typed.replace(/\D/g, '');
  return /^(\d{20}|\d{25})$/.test(digits) ? digits : undefined;
}

/** Where a tax is paid inside the app. */
export function taxPaymentHref(uin: string): string {
  return `/webview/payment/?type=tax&uin=${uin}`;
}

/** Loads the taxes found by the user's ИНН (the profile's tax category). */
export async function loadTaxList(): Promise<void> {
  const auth = $credentials.get();
  if (auth === undefined) {
    $taxes.setKey('list', { state: 'signedOut' });
    return;
  }
  $taxes.setKey('list', { state: 'loading' });
  try {
    const page = await fetchOrdinances(auth, 'inn_ordinances', { page: 1, showBy: 50, order: 'DEFAULT', search: '' });
    $taxes.setKey('list', { state: 'ready', taxes: page.items.filter((item) => item.kind === 'tax'), checking: page.isWait === true });
  } catch (error) {
    $taxes.setKey('list', { state: 'error', message: userMessage(error) });
  }
}

/** Looks a tax up by the УИН typed. */
export async function lookUpTax(typed: string): Promise<void> {
  const uin = cleanUin(typed);
  if (uin === undefined) {
    $taxes.setKey('lookup', { state: 'invalid', message: 'УИН — 20 или 25 цифр, как в налоговом уведомлении' });
    return;
  }
  $taxes.setKey('lookup', { state: 'loading' });
  try {
    const tax = await fetchTaxByUin(uin, $credentials.get());
    $taxes.setKey('lookup', tax === undefined ? { state: 'notFound', message: 'Начисление с таким УИН не найдено. Проверьте номер в уведомлении.' } : { state: 'found', tax });
  } catch (error) {
    $taxes.setKey('lookup', { state: 'error', message: userMessage(error) });
  }
}

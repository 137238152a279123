import { map } from 'nanostores';
import { downloadPaymentOrders, fetchBankAccount, fetchPaymentOrderFines, saveBankAccount } from '../../api/paymentOrders.ts';
import type { OrdersChoice } from '../../api/paymentOrders.ts';
import type { BankAccount, PaymentOrderFinesReply } from '../../api/structs/paymentOrders.ts';
import { userMessage } from '../../api/userMessage.ts';
import { requireCredentials } from '../authData.ts';
import { $fleetFines, loadFleetFines } from './fleetFines.ts';
import { onSignOut } from '../auth/account.ts';
import { downloadInBrowser } from '../saveFile.ts';
import type { SaveFile } from '../saveFile.ts';

/** The cabinet's «Платёжки для банка» panel: the payer's account, a page of unpaid fines, the chosen ones, the download. */
export type PaymentOrdersState = {
  organizationId: number | undefined;
  page: number;
  reply: PaymentOrderFinesReply | undefined;
  account: BankAccount | null;
  selected: number[];
  busy: boolean;
  savingAccount: boolean;
  accountError: string;
  downloading: boolean;
  error: string;
  saved: string;
};

const EMPTY: PaymentOrdersState = { organizationId: undefined, page: 1, reply: undefined, account: null, selected: [], busy: false, savingAccount: false, accountError: '', downloading: false, error: '', saved: '' };

/** The panel's state. */
export const $paymentOrders = map<PaymentOrdersState>({ ...EMPTY });

onSignOut(() => $paymentOrders.set({ ...EMPTY }));

/** Loads the page of unpaid fines and their «выгружен» marks. */
async function loadFines(): Promise<void> {
  const { organizationId, page } = $paymentOrders.get();
  if (organizationId === undefined) return;
  $paymentOrders.setKey('busy', true);
  try {
    const reply = await fetchPaymentOrderFines(requireCredentials(), organizationId, page);
    if ($paymentOrders.get().organizationId !== organizationId) return;
    const shown = new Set(reply.fines.items.map((f) => f.id));
    $paymentOrders.set({ ...$paymentOrders.get(), reply, busy: false, selected: $paymentOrders.get().selected.filter((id) => shown.has(id)) });
  } catch (error) {
    $paymentOrders.set({ ...$paymentOrders.get(), busy: false, error: userMessage(error) });
  }
}

/** Opens the panel for an organization: its bank account and its first page of unpaid fines. */
export async function openPaymentOrders(organizationId: number): Promise<void> {
  $paymentOrders.set({ ...EMPTY, organizationId, busy: true });
  try {
    const account = await fetchBankAccount(requireCredentials(), organizationId);
    if ($paymentOrders.get().organizationId === organizationId) $paymentOrders.setKey('account', account);
  } catch (error) {
    $paymentOrders.setKey('error', userMessage(error));
  }
  await loadFines();
}

/** Another page of unpaid fines (the choice is kept only for what is shown). */
export function paymentOrdersPage(page: number): Promise<void> {
  $paymentOrders.setKey('page', Math.max(1, page));
  return loadFines();
}

/** Ticks or unticks a fine. */
export function toggleFine(id: number): void {
  const { selected } = $paymentOrders.get();
  $paymentOrders.set({ ...$paymentOrders.get(), saved: '', selected: selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id] });
}

/** Ticks every fine of the page, or none when all are ticked. */
export function toggleAllFines(): void {
  const { reply, selected } = $paymentOrders.get();
  const ids = reply?.fines.items.map((f) => f.id) ?? [];
  $paymentOrders.set({ ...$paymentOrders.get(), saved: '', selected: ids.every((id) => selected.includes(id)) ? [] : ids });
}

/** Saves the payer's bank account; the server's message when a field is wrong. */
export async function saveAccount(account: BankAccount): Promise<void> {
  const { organizationId, savingAccount } = $paymentOrders.get();
  if (organizationId === undefined || savingAccount) return;
  $paymentOrders.set({ ...$paymentOrders.get(), savingAccount: true, accountError: '' });
  try {
    const reply = await saveBankAccount(requireCredentials(), organizationId, account);
    $paymentOrders.set({ ...$paymentOrders.get(), account: reply.account, savingAccount: false });
    await loadFines();
  } catch (error) {
    $paymentOrders.set({ ...$paymentOrders.get(), savingAccount: false, accountError: userMessage(error) });
  }
}

/** Downloads the orders (the ticked fines, or all unpaid ones with a discount), then shows their «выгружен» marks. */
export async function downloadOrders(choice: 'selected' | 'discounted', format: '1c' | 'xlsx', save: SaveFile = downloadInBrowser): Promise<void> {
  const { organizationId, selected, downloading } = $paymentOrders.get();
  if (organizationId === undefined || downloading) return;
  const request: OrdersChoice = choice === 'selected' ? { kind: 'ids', ids: selected } : { kind: 'discounted' };
  $paymentOrders.set({ ...$paymentOrders.get(), downloading: true, error: '', saved: '' });
  try {
    const file = await downloadPaymentOrders(requireCredentials(), organizationId, request, format);
    save(file.filename, file.blob);
    $paymentOrders.set({ ...$paymentOrders.get(), downloading: false, saved: file.filename, selected: [] });
    // The cabinet's main table shows the same «выгружен в платёжку» mark: it is refreshed too.
    await Promise.all([loadFines(), $fleetFines.get().organizationId === organizationId ? loadFleetFines() : undefined]);
  } catch (error) {
    $paymentOrders.set({ ...$paymentOrders.get(), downloading: false, error: userMessage(error) });
  }
}

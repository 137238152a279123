import { map } from 'nanostores';
import { actOnCharge, deleteCard, deleteRule, fetchAutopay, saveRule, startBinding } from '../../api/autopay.ts';
import type { AutopayState } from '../../api/structs/autopay.ts';
import { userMessage } from '../../api/userMessage.ts';
import { requireCredentials } from '../authData.ts';

/** Where the page sends the payer to bind a card (tests replace it). */
export const bindingNavigation = { assign: (url: string) => window.location.assign(url) };

/** The profile's autopay page: what the server said, what is busy, why the last action failed, how binding went. */
export type AutopayView = { data: AutopayState | undefined; loading: boolean; busy: string; error: string; binding: 'none' | 'done' | 'failed' };

/** The page's state. */
export const $autopay = map<AutopayView>({ data: undefined, loading: false, busy: '', error: '', binding: 'none' });

/** Runs an action that answers the new state; `busy` names it while it runs (one at a time). */
async function act(name: string, call: () => Promise<AutopayState>): Promise<void> {
  if ($autopay.get().busy !== '') return;
  $autopay.set({ ...$autopay.get(), busy: name, error: '' });
  try {
    const data = await call();
    $autopay.set({ ...$autopay.get(), data, busy: '' });
  } catch (error) {
    $autopay.set({ ...$autopay.get(), busy: '', error: userMessage(error) });
  }
}

/** Loads the state; reads how binding went from the address (?binding=done|failed) and takes it out. */
export async function loadAutopay(location: Pick<Location, 'href'> = window.location, history: Pick<History, 'replaceState' | 'state'> = window.history): Promise<void> {
  const url = new URL(location.href);
  const binding = url.searchParams.get('binding');
  if (binding !== null) {
    url.searchParams.delete('binding');
    history.replaceState(history.state, '', url.pathname + url.search + url.hash);
  }
  $autopay.set({ ...$autopay.get(), loading: true, error: '', binding: binding === 'done' ? 'done' : binding === 'failed' ? 'failed' : 'none' });
  try {
    const data = await fetchAutopay(requireCredentials());
    $autopay.set({ ...$autopay.get(), data, loading: false });
  } catch (error) {
    $autopay.set({ ...$autopay.get(), loading: false, error: userMessage(error) });
  }
}

/** «Привязать карту»: leaves for the gateway's binding page. */
export async function bindCard(): Promise<void> {
  if ($autopay.get().busy !== '') return;
  $autopay.set({ ...$autopay.get(), busy: 'bind', error: '' });
  try {
    const { redirectUrl } = await startBinding(requireCredentials());
    bindingNavigation.assign(redirectUrl);
  } catch (error) {
    $autopay.set({ ...$autopay.get(), busy: '', error: userMessage(error) });
  }
}

/** «Отвязать карту». */
export const removeCard = () => act('card', () => deleteCard(requireCredentials()));

/** Turns autopay on for a document with limits in whole roubles (or saves new limits). */
export function turnOn(rule: { documentKind: 'sts' | 'dl'; documentId: number; maxFineRub: number; monthlyRub: number }): Promise<void> {
  if (!Number.isInteger(rule.maxFineRub) || rule.maxFineRub < 1 || !Number.isInteger(rule.monthlyRub) || rule.monthlyRub < 1) {
    $autopay.setKey('error', 'Лимиты — целые суммы в рублях, не меньше 1 ₽');
    return Promise.resolve();
  }
  return act(`rule:${rule.documentKind}:${rule.documentId}`, () => saveRule(requireCredentials(), rule));
}

/** Turns autopay off for a document. */
export const turnOff = (ruleId: number) => act(`off:${ruleId}`, () => deleteRule(requireCredentials(), ruleId));

/** «Оплатить сейчас» or «Пропустить» for a scheduled fine. */
export const chargeAction = (chargeId: number, action: 'pay' | 'skip') => act(`${action}:${chargeId}`, () => actOnCharge(requireCredentials(), chargeId, action));

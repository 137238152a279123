import { map } from 'nanostores';
import { loginWithPassword, loginWithToken, register, sendAuthLink } from '../../api/account.ts';
import { changePassword } from '../../api/account.ts';
import { mergeDeviceData } from '../../api/identityLinks.ts';
import type { DeviceDataOffer } from '../../api/structs/identityLinks.ts';
import { userMessage } from '../../api/userMessage.ts';
import { safeBackPath } from '../../lib/accountCookies.ts';
import { passwordProblem } from '../../lib/password.ts';
import { validators } from '../../lib/validators.ts';
import { $credentials, requireCredentials } from '../authData.ts';
import { withSession } from '../session.ts';
import { acceptSession } from './account.ts';
import { $account } from './accountState.ts';

/** What /auth/ shows: a form, a mail that was sent, or the first password after a link. */
export type AuthView =
  | { kind: 'login' }
  | { kind: 'phone' }
  | { kind: 'register' }
  | { kind: 'link' }
  | { kind: 'reset' }
  | { kind: 'sent'; purpose: 'register' | 'link' | 'reset'; email: string }
  | { kind: 'openingLink' }
  | { kind: 'linkFailed'; message: string }
  | { kind: 'setPassword' }
  | { kind: 'offerMerge'; offer: DeviceDataOffer; then: 'setPassword' | 'done' }
  | { kind: 'done'; next: string };

/** The /auth/ page: the view, busy while a call runs, the message of a failure, messages per field. */
export type SignInState = {
  view: AuthView;
  busy: boolean;
  error: string;
  fields: Partial<Record<'email' | 'password' | 'confirm' | 'consent', string>>;
  /** The page to return to when the address named one (?back=); otherwise the account's own home. */
  back: string | undefined;
  /** The address asks to register an organization (`user_type=3`, spec §2): the choice starts ticked. */
  legalEntity: boolean;
};

/** The /auth/ page state. */
export const $signIn = map<SignInState>({ view: { kind: 'login' }, busy: false, error: '', fields: {}, back: undefined, legalEntity: false });

/** Where to go once signed in: the page the address asked for, else a legal entity's cabinet or the profile. */
function destination(): string {
  return $signIn.get().back ?? ($account.get().userType === 3 ? '/organization/' : '/profile/');
}

/** Opens /auth/: the form the address asks for (?mode=register), the page to return to (?back=). */
export function openAuthPage(search: string): { token: string | undefined } {
  const query = new URLSearchParams(search);
  const mode = query.get('mode');
  const view: AuthView =
    mode === 'register' ? { kind: 'register' } : mode === 'reset' ? { kind: 'reset' } : mode === 'link' ? { kind: 'link' } : mode === 'phone' ? { kind: 'phone' } : { kind: 'login' };
  const error = query.get('expired') === '1' ? 'Сессия истекла, войдите снова' : '';
  const legalEntity = (query.get('userType') ?? query.get('user_type')) === '3';
  $signIn.set({ view, busy: false, error, fields: {}, back: safeBackPath(query.get('back')), legalEntity });
  const token = query.get('token') ?? undefined;
  return { token: token !== undefined && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : token === undefined ? undefined : '' };
}

/** Switches between the forms; messages of the other form are dropped. */
export function chooseView(kind: 'login' | 'phone' | 'register' | 'link' | 'reset'): void {
  $signIn.set({ ...$signIn.get(), view: { kind }, error: '', fields: {} });
}

/** Field messages from [field, message or undefined] pairs: only the fields that have one. */
function fieldMessages(pairs: readonly [keyof SignInState['fields'], string | undefined][]): SignInState['fields'] {
  const fields: SignInState['fields'] = {};
  for (const [field, message] of pairs) if (message !== undefined) fields[field] = message;
  return fields;
}

/** The e-mail's message, or undefined when it is fine. */
function emailProblem(email: string): string | undefined {
  return email.trim() === '' ? 'Укажите e-mail' : validators.email(email);
}

/** Runs a call with busy set and the failure worded once; answers whether it succeeded. */
async function run(call: () => Promise<void>): Promise<boolean> {
  if ($signIn.get().busy) return false;
  $signIn.set({ ...$signIn.get(), busy: true, error: '' });
  try {
    await call();
    return true;
  } catch (error) {
    $signIn.setKey('error', userMessage(error));
    return false;
  } finally {
    $signIn.setKey('busy', false);
  }
}

/** Signs in with e-mail and password; the device's anonymous documents join the account. */
export async function submitLogin(email: string, password: string): Promise<void> {
  const fields = fieldMessages([
    ['email', emailProblem(email)],
    ['password', password === '' ? 'Введите пароль' : undefined],
  ]);
  $signIn.setKey('fields', fields);
  if (Object.keys(fields).length > 0) return;
  await run(async () => {
    await acceptSession(await loginWithPassword($credentials.get(), email.trim(), password));
    $signIn.setKey('view', { kind: 'done', next: destination() });
  });
}

/** Registers the address (spec §7 register): the mail with the link goes out; this visitor's documents stay theirs. */
export async function submitRegistration(email: string, isLegalEntity: boolean, consent: boolean): Promise<void> {
  const fields = fieldMessages([
    ['email', emailProblem(email)],
    ['consent', consent ? undefined : 'Нужно ваше согласие на обработку персональных данных'],
  ]);
  $signIn.setKey('fields', fields);
  if (Object.keys(fields).length > 0) return;
  await run(async () => {
    const reply = await withSession((auth) => register(auth, email.trim(), isLegalEntity));
    $signIn.setKey('view', { kind: 'sent', purpose: 'register', email: reply.email });
  });
}

/** Asks for a one-time sign-in link or a password reset link (the answer never says whether the account exists). */
export async function requestLink(email: string, type: 'login' | 'reset'): Promise<void> {
  const fields = fieldMessages([['email', emailProblem(email)]]);
  $signIn.setKey('fields', fields);
  if (fields.email !== undefined) return;
  await run(async () => {
    await sendAuthLink(email.trim(), type);
    $signIn.setKey('view', { kind: 'sent', purpose: type === 'reset' ? 'reset' : 'link', email: email.trim().toLowerCase() });
  });
}

/** The view after signing in: the first password for an account without one, else the page to go to. */
function afterSignIn(then: 'setPassword' | 'done'): AuthView {
  return then === 'setPassword' ? { kind: 'setPassword' } : { kind: 'done', next: destination() };
}

/**
 * Opens a mailed link (/auth/?token=…): signs in; an account without a password is asked to set one.
 * What this device held before (documents, payments, searches) is only offered to the account: the
 * link may have come from someone else, so the person says here whether it joins that account.
 */
export async function openMailedLink(token: string): Promise<void> {
  if (token === '') {
    $signIn.setKey('view', { kind: 'linkFailed', message: 'Ссылка повреждена. Запросите новую ссылку для входа' });
    return;
  }
  $signIn.setKey('view', { kind: 'openingLink' });
  const succeeded = await run(async () => {
    const session = await loginWithToken($credentials.get(), token);
    const account = await acceptSession(session);
    const then = account.hasPassword ? 'done' : 'setPassword';
    $signIn.setKey('view', session.deviceData === undefined ? afterSignIn(then) : { kind: 'offerMerge', offer: session.deviceData, then });
  });
  if (!succeeded) $signIn.set({ ...$signIn.get(), view: { kind: 'linkFailed', message: $signIn.get().error }, error: '' });
}

/** The first password of an account that signed in by a link. */
export async function submitFirstPassword(password: string, confirm: string, email: string): Promise<void> {
  const fields = fieldMessages([
    ['password', passwordProblem(password, email)],
    ['confirm', password !== confirm ? 'Пароли не совпадают' : undefined],
  ]);
  $signIn.setKey('fields', fields);
  if (Object.keys(fields).length > 0) return;
  await run(async () => {
    await changePassword(requireCredentials(), { oldPass: '', newPass: password, confirmPass: confirm });
    $signIn.setKey('view', { kind: 'done', next: destination() });
  });
}

/** The person confirms that this device's data joins the account they signed in to. */
export async function acceptDeviceData(): Promise<void> {
  const view = $signIn.get().view;
  if (view.kind !== 'offerMerge') return;
  await run(async () => {
    await mergeDeviceData(requireCredentials(), view.offer.mergeToken);
    $signIn.setKey('view', afterSignIn(view.then));
  });
}

/** The person keeps this device's data out of the account (it stays with the device's anonymous user). */
export function declineDeviceData(): void {
  const view = $signIn.get().view;
  if (view.kind === 'offerMerge') $signIn.set({ ...$signIn.get(), view: afterSignIn(view.then), error: '' });
}

/** Signed in another way (a phone code): on to the page the address asked for, or the account's home. */
export function finishSignIn(): void {
  $signIn.setKey('view', { kind: 'done', next: destination() });
}

/** Skips the first password for now. */
export function skipFirstPassword(): void {
  $signIn.setKey('view', { kind: 'done', next: destination() });
}

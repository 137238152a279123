import { map } from 'nanostores';
import { changeEmail, changePassword, fetchEmailSettings, setNotify } from '../../api/account.ts';
import { userMessage } from '../../api/userMessage.ts';
import { passwordProblem } from '../../lib/password.ts';
import { validators } from '../../lib/validators.ts';
import { requireCredentials } from '../authData.ts';
import { notify } from '../notices.ts';
import { $account, markSessionExpired, onSignOut } from '../auth/account.ts';
import { isSessionError } from '../session.ts';

/** E-mail settings on /profile/: the address, an address waiting for confirmation, doNotify, and what is being saved. */
export type SettingsState = {
  email: string;
  pendingEmail: string;
  doNotify: boolean;
  loaded: boolean;
  /** Which form is saving, '' when none. */
  saving: '' | 'notify' | 'email' | 'password';
};

/** The /profile/ settings. */
export const $settings = map<SettingsState>({ email: '', pendingEmail: '', doNotify: true, loaded: false, saving: '' });

onSignOut(() => $settings.set({ email: '', pendingEmail: '', doNotify: true, loaded: false, saving: '' }));


/** Applies a settings reply. */
function apply(reply: { email: string | null; pendingEmail: string | null; doNotify: number }): void {
  $settings.set({ ...$settings.get(), email: reply.email ?? '', pendingEmail: reply.pendingEmail ?? '', doNotify: reply.doNotify === 1, loaded: true });
  $account.set({ ...$account.get(), doNotify: reply.doNotify === 1 });
}

/** What a form hears when it is sent while another save still runs (it was not saved). */
export const SAVE_BUSY_MESSAGE = 'Подождите: предыдущее изменение ещё сохраняется';

/** Runs a save with its flag set; answers the failure's message, or undefined. One save runs at a time. */
async function save(which: SettingsState['saving'], call: () => Promise<void>): Promise<string | undefined> {
  if ($settings.get().saving !== '') return SAVE_BUSY_MESSAGE;
  $settings.setKey('saving', which);
  try {
    await call();
    return undefined;
  } catch (error) {
    if (isSessionError(error)) markSessionExpired();
    return userMessage(error);
  } finally {
    $settings.setKey('saving', '');
  }
}

/** Loads the address and the notification choice. */
export async function loadSettings(): Promise<string | undefined> {
  try {
    apply(await fetchEmailSettings(requireCredentials()));
    return undefined;
  } catch (error) {
    if (isSessionError(error)) markSessionExpired();
    return userMessage(error);
  }
}

/** Spec §3 doNotify: «Уведомлять о новых штрафах». */
export function setNotifications(on: boolean): Promise<string | undefined> {
  return save('notify', async () => {
    apply(await setNotify(requireCredentials(), on));
    notify('success', on ? 'Будем сообщать о новых штрафах на e-mail' : 'Уведомления о новых штрафах выключены');
  });
}

/** Asks to move the account to a new address (confirmed by a link sent there). */
export function submitNewEmail(email: string): Promise<string | undefined> {
  const problem = email.trim() === '' ? 'Укажите новый e-mail' : validators.email(email);
  if (problem !== undefined) return Promise.resolve(problem);
  return save('email', async () => {
    const reply = await changeEmail(requireCredentials(), email.trim());
    apply(reply);
    if (reply.pendingEmail !== null) notify('info', `Мы отправили ссылку на ${reply.pendingEmail}. Адрес сменится, когда вы её откроете`);
  });
}

/** Changes the password (the current one is asked when the account has one); other devices are signed out. */
export function submitPasswordChange(change: { oldPass: string; newPass: string; confirmPass: string }): Promise<string | undefined> {
  const account = $account.get();
  if (account.hasPassword && change.oldPass === '') return Promise.resolve('Введите текущий пароль');
  const problem = passwordProblem(change.newPass, account.email);
  if (problem !== undefined) return Promise.resolve(problem);
  if (change.newPass !== change.confirmPass) return Promise.resolve('Пароли не совпадают');
  return save('password', async () => {
    const reply = await changePassword(requireCredentials(), change);
    $account.set({ ...$account.get(), hasPassword: true });
    notify('success', reply.revokedSessions > 0 ? `Пароль изменён. На других устройствах (${reply.revokedSessions}) нужно войти заново` : 'Пароль сохранён');
  });
}

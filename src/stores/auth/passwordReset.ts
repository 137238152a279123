import { map } from 'nanostores';
import { resetPassword } from '../../api/account.ts';
import { userMessage } from '../../api/userMessage.ts';
import { passwordProblem } from '../../lib/password.ts';
import { acceptSession } from './account.ts';

/** /reset/{token}/: the token from the address, busy, the failure, messages per field, and whether it is done. */
export type ResetState = {
  token: string;
  busy: boolean;
  error: string;
  /** The link cannot work any more (used, expired, unknown): offer to ask for a new one. */
  linkDead: boolean;
  fields: Partial<Record<'password' | 'confirm', string>>;
  done: boolean;
};

/** The /reset/ page state. */
export const $passwordReset = map<ResetState>({ token: '', busy: false, error: '', linkDead: false, fields: {}, done: false });

/** Takes the token from the path (/reset/{token}/); a path without a proper one makes a dead link. */
export function openResetPage(path: string): void {
  const token = /^\/reset\/([A-Za-z0-9_-]{43})\/?$/.exec(path)?.[1] ?? '';
  $passwordReset.set({ token, busy: false, error: token === '' ? 'Ссылка неполная или повреждена. Запросите восстановление пароля ещё раз' : '', linkDead: token === '', fields: {}, done: false });
}

/** Sets the new password: every other session ends, this device is signed in. */
export async function submitNewPassword(password: string, confirm: string): Promise<void> {
  const state = $passwordReset.get();
  if (state.busy || state.linkDead) return;
  const fields: ResetState['fields'] = {};
  const problem = passwordProblem(password);
  if (problem !== undefined) fields.password = problem;
  if (password !== confirm) fields.confirm = 'Пароли не совпадают';
  $passwordReset.setKey('fields', fields);
  if (Object.keys(fields).length > 0) return;
  $passwordReset.set({ ...$passwordReset.get(), busy: true, error: '' });
  try {
    await acceptSession(await resetPassword(state.token, password));
    $passwordReset.setKey('done', true);
  } catch (error) {
    const status = (error as { status?: number }).status;
    $passwordReset.set({ ...$passwordReset.get(), error: userMessage(error), linkDead: status === 400 || status === 410 });
  } finally {
    $passwordReset.setKey('busy', false);
  }
}

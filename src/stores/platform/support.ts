import { map } from 'nanostores';
import { createSupportTicket } from '../../api/support.ts';
import { SUPPORT_MAX_LENGTH, SUPPORT_MIN_LENGTH } from '../../api/structs/support.ts';
import { userMessage } from '../../api/userMessage.ts';
import { APP_VERSION } from '../../lib/appVersion.ts';
import { validators } from '../../lib/validators.ts';
import { $account } from '../auth/accountState.ts';
import { loadAccount } from '../auth/account.ts';
import { $authRecord, $credentials, $platform } from '../authData.ts';

/** The "Написать в поддержку" form: its fields, their messages, and the outcome. */
export type SupportFormState = {
  email: string;
  content: string;
  errors: { email?: string; content?: string };
  busy: boolean;
  /** Why the last send failed, in Russian. */
  error: string;
  /** The ticket's number once it is sent. */
  sentId: number | undefined;
};

const EMPTY: SupportFormState = { email: '', content: '', errors: {}, busy: false, error: '', sentId: undefined };

/** The form's state. */
export const $supportForm = map<SupportFormState>({ ...EMPTY });

/** What the form sends along without asking (spec §3): the platform and the app version. */
export const supportContext = () => ({ platform: $platform.get(), appVersion: APP_VERSION });

/** Opens the form: the account's e-mail is filled in when the visitor has one (a field the visitor has typed in is left alone). */
export async function openSupportForm(): Promise<void> {
  $supportForm.set({ ...EMPTY, email: $account.get().email });
  if ($credentials.get() === undefined) return;
  try {
    const { email } = await loadAccount();
    if ($supportForm.get().email === '' && email !== '') $supportForm.setKey('email', email);
  } catch {
    // Without the account the visitor types the address; nothing is lost.
  }
}

/** Changes a field and clears its message. */
export function editSupportField(field: 'email' | 'content', value: string): void {
  const state = $supportForm.get();
  const errors = { ...state.errors };
  delete errors[field];
  $supportForm.set({ ...state, [field]: value, errors, error: '' });
}

/** The fields' messages (the same rules as the server's). */
export function supportErrors(email: string, content: string): SupportFormState['errors'] {
  const errors: SupportFormState['errors'] = {};
  const emailProblem = email.trim() === '' ? 'Укажите e-mail, чтобы мы могли ответить' : validators.email(email);
  if (emailProblem !== undefined) errors.email = emailProblem;
  const length = content.trim().length;
  if (length === 0) errors.content = 'Опишите, что случилось';
  else if (length < SUPPORT_MIN_LENGTH) errors.content = `Напишите чуть подробнее: не меньше ${SUPPORT_MIN_LENGTH} символов`;
  else if (length > SUPPORT_MAX_LENGTH) errors.content = `Сообщение длиннее ${SUPPORT_MAX_LENGTH} символов: сократите его`;
  return errors;
}

/** Sends the ticket; on success keeps its number for the thank-you message. */
export async function sendSupportTicket(): Promise<void> {
  const state = $supportForm.get();
  if (state.busy) return;
  const errors = supportErrors(state.email, state.content);
  if (Object.keys(errors).length > 0) {
    $supportForm.set({ ...state, errors });
    return;
  }
  $supportForm.set({ ...state, busy: true, error: '' });
  try {
    const { platform, appVersion } = supportContext();
    const { id } = await createSupportTicket({ email: state.email.trim(), content: state.content.trim(), platform, appVersion, userId: $authRecord.get().userId }, $credentials.get());
    $supportForm.set({ ...$supportForm.get(), busy: false, sentId: id, content: '' });
  } catch (error) {
    $supportForm.set({ ...$supportForm.get(), busy: false, error: userMessage(error) });
  }
}

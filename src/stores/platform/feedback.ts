import { map } from 'nanostores';
import { sendTemplateMail } from '../../api/mail.ts';
import { userMessage } from '../../api/userMessage.ts';
import { $credentials, requireCredentials } from '../authData.ts';
import { loadAccount } from '../auth/account.ts';

/** The rating form: 1–5, an optional comment, and how sending went. */
export type FeedbackState = { rating: number; text: string; busy: boolean; sent: boolean; error: string };

/** Longest comment (the relay's feedback template takes up to 2000 characters). */
export const FEEDBACK_MAX_LENGTH = 2000;

/** The rating form's state. */
export const $feedback = map<FeedbackState>({ rating: 0, text: '', busy: false, sent: false, error: '' });

/** Learns whether the visitor is signed in (the form is for accounts); a failure leaves the form hidden. */
export async function openFeedback(): Promise<void> {
  if ($credentials.get() === undefined) return;
  try {
    await loadAccount();
  } catch {
    // The form stays hidden: the support form above still works.
  }
}

/** Chooses a rating. */
export function rate(rating: number): void {
  $feedback.set({ ...$feedback.get(), rating, error: '' });
}

/** Changes the comment. */
export function editFeedbackText(text: string): void {
  $feedback.set({ ...$feedback.get(), text: text.slice(0, FEEDBACK_MAX_LENGTH), error: '' });
}

/** Sends the rating to the team through the mail relay (the feedback template; the reply goes to the account's address). */
export async function sendFeedback(page: string): Promise<void> {
  const state = $feedback.get();
  if (state.busy) return;
  if (state.rating < 1 || state.rating > 5) {
    $feedback.setKey('error', 'Выберите оценку от 1 до 5');
    return;
  }
  $feedback.set({ ...state, busy: true, error: '' });
  try {
    await sendTemplateMail(requireCredentials(), { template: 'feedback', to: 'team' }, { rating: state.rating, text: state.text.trim(), page });
    $feedback.set({ rating: state.rating, text: '', busy: false, sent: true, error: '' });
  } catch (error) {
    $feedback.set({ ...$feedback.get(), busy: false, error: userMessage(error) });
  }
}

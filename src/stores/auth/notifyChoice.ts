import { map } from 'nanostores';
import { chooseNotifications } from '../../api/notifications.ts';
import { userMessage } from '../../api/userMessage.ts';

/** What /email/unsubscrib/ and /email/subscribe/ show: the link being applied, the result, or why it failed. */
export type NotifyChoiceState =
  | { kind: 'idle' }
  | { kind: 'working' }
  | { kind: 'done'; email: string; doNotify: boolean; undoToken: string }
  | { kind: 'failed'; message: string };

/** The page's state. */
export const $notifyChoice = map<{ view: NotifyChoiceState; busy: boolean }>({ view: { kind: 'idle' }, busy: false });

/** Applies the link the page was opened with (?token=…): turns notifications off or on, without a session. */
export async function applyNotifyLink(purpose: 'unsubscribe' | 'subscribe', search: string): Promise<void> {
  const token = new URLSearchParams(search).get('token') ?? '';
  // The subscribe page is also read as an article: without a link there is nothing to apply.
  if (token === '' && purpose === 'subscribe') return;
  if (token === '') {
    $notifyChoice.set({ view: { kind: 'failed', message: 'В ссылке нет кода. Откройте её из письма целиком или управляйте уведомлениями в профиле' }, busy: false });
    return;
  }
  await choose(purpose, token);
}

/** Undoes what the page just did (the reply's undo link). */
export async function undoNotifyChoice(): Promise<void> {
  const view = $notifyChoice.get().view;
  if (view.kind !== 'done' || $notifyChoice.get().busy) return;
  await choose(view.doNotify ? 'unsubscribe' : 'subscribe', view.undoToken);
}

/** Calls the API and records the result. */
async function choose(purpose: 'unsubscribe' | 'subscribe', token: string): Promise<void> {
  if ($notifyChoice.get().view.kind === 'idle') $notifyChoice.setKey('view', { kind: 'working' });
  $notifyChoice.setKey('busy', true);
  try {
    const reply = await chooseNotifications(purpose, token);
    $notifyChoice.set({ view: { kind: 'done', email: reply.email, doNotify: reply.doNotify === 1, undoToken: reply.undoToken }, busy: false });
  } catch (error) {
    $notifyChoice.set({ view: { kind: 'failed', message: userMessage(error) }, busy: false });
  }
}

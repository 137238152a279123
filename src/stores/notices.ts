import { atom } from 'nanostores';
import { userMessage } from '../api/userMessage.ts';

/** A message for the visitor, shown as a toast by the one listener (Notices island). */
export type Notice = { id: number; kind: 'error' | 'info' | 'success'; message: string };

/** Notices not yet shown; the listener takes them out as it shows them. */
export const $notices = atom<readonly Notice[]>([]);

let nextId = 1;

/** Queues a notice. */
export function notify(kind: Notice['kind'], message: string): void {
  $notices.set([...$notices.get(), { id: nextId++, kind, message }]);
}

/** Queues the Russian message of a failure (userMessage is the one place that words them). */
export function notifyError(error: unknown): void {
  notify('error', userMessage(error));
}

/** Removes notices that were shown. */
export function takeNotices(ids: readonly number[]): void {
  $notices.set($notices.get().filter((notice) => !ids.includes(notice.id)));
}

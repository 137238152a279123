import { map } from 'nanostores';
import { fetchAnalytics } from '../../api/admin.ts';
import { ApiReplyError } from '../../api/errors.ts';
import type { AnalyticsReply } from '../../api/structs/admin.ts';
import { userMessage } from '../../api/userMessage.ts';
import { $credentials } from '../authData.ts';

/** What /admin/analytics/ shows: loading, the data, a page that is not there for this visitor, or a failure. */
export type AnalyticsView = { kind: 'loading' } | { kind: 'ready'; data: AnalyticsReply } | { kind: 'notFound' } | { kind: 'failed'; message: string };

/** The dashboard's state and its period in days. */
export const $analytics = map<{ view: AnalyticsView; days: number }>({ view: { kind: 'loading' }, days: 30 });

/** Loads the dashboard for `days`; a visitor who is not on the team sees the same "not found" as a missing page. */
export async function loadAnalytics(days = $analytics.get().days): Promise<void> {
  $analytics.set({ view: { kind: 'loading' }, days });
  const credentials = $credentials.get();
  if (credentials === undefined) {
    $analytics.setKey('view', { kind: 'notFound' });
    return;
  }
  try {
    $analytics.setKey('view', { kind: 'ready', data: await fetchAnalytics(credentials, days) });
  } catch (error) {
    const hidden = error instanceof ApiReplyError && (error.status === 404 || error.status === 401);
    $analytics.setKey('view', hidden ? { kind: 'notFound' } : { kind: 'failed', message: userMessage(error) });
  }
}

/** Share of `part` in `whole`, in whole percent ('—' for none). */
export function percentOf(part: number, whole: number): string {
  return whole === 0 ? '—' : `${Math.round((part / whole) * 100)} %`;
}

import { readAddressCredentials } from '../../lib/addressCredentials.ts';
import { $platform, setAuthRecord } from '../authData.ts';

/**
 * On a webview page: stores the credentials the app put in the address (authData, for their
 * platform), makes that platform current, and removes them from the address bar so they do not
 * reach history, bookmarks or a Referer. Safe to call more than once.
 */
export function adoptAddressCredentials(location: Location = window.location, history: History = window.history): void {
  const found = readAddressCredentials(new URL(location.href));
  if (found === undefined) return;
  if (found.record !== undefined && 'platform' in found) {
    setAuthRecord(found.record, found.platform);
    $platform.set(found.platform);
  }
  history.replaceState(history.state, '', found.cleanedPath);
}

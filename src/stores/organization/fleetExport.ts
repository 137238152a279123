import { map } from 'nanostores';
import { downloadFleetFines } from '../../api/fleetExport.ts';
import { fetchOrganizations } from '../../api/organization.ts';
import type { Organization } from '../../api/structs/organization.ts';
import { userMessage } from '../../api/userMessage.ts';
import { $credentials } from '../authData.ts';
import { downloadInBrowser } from '../saveFile.ts';
import type { SaveFile } from '../saveFile.ts';

/** What the export form holds. */
export type ExportChoice = { format: 'xlsx' | 'csv'; organization: string; paid: 'all' | '0' | '1'; discount: boolean };

/** /download-file/: the account's organizations to choose from, the choice, and the download's state. */
export type FleetExportState =
  | { state: 'loading' }
  | { state: 'signedOut' }
  | { state: 'error'; message: string }
  | { state: 'ready'; organizations: Organization[]; choice: ExportChoice; downloading: boolean; message?: string; saved?: string };

/** The export page. */
export const $fleetExport = map<{ current: FleetExportState }>({ current: { state: 'loading' } });

/** Loads the account's organizations; `search` may preselect one (?organization=ID). */
export async function openFleetExport(search: string): Promise<void> {
  const auth = $credentials.get();
  if (auth === undefined) {
    $fleetExport.setKey('current', { state: 'signedOut' });
    return;
  }
  try {
    const organizations = await fetchOrganizations(auth);
    const asked = new URLSearchParams(search).get('organization') ?? '';
    const organization = organizations.some((o) => String(o.id) === asked) ? asked : '';
    $fleetExport.setKey('current', { state: 'ready', organizations, choice: { format: 'xlsx', organization, paid: 'all', discount: false }, downloading: false });
  } catch (error) {
    $fleetExport.setKey('current', { state: 'error', message: userMessage(error) });
  }
}

/** Changes the choice. */
export function chooseExport(change: Partial<ExportChoice>): void {
  const current = $fleetExport.get().current;
  if (current.state !== 'ready') return;
  const { message: _message, saved: _saved, ...rest } = current;
  $fleetExport.setKey('current', { ...rest, choice: { ...current.choice, ...change } });
}

/** Downloads the file of the choice and saves it. */
export async function downloadExport(save: SaveFile = downloadInBrowser): Promise<void> {
  const current = $fleetExport.get().current;
  const auth = $credentials.get();
  if (current.state !== 'ready' || current.downloading || auth === undefined) return;
  const { message: _message, saved: _saved, ...rest } = current;
  $fleetExport.setKey('current', { ...rest, downloading: true });
  const { choice } = current;
  try {
    const file = await downloadFleetFines(auth, {
      format: choice.format,
      ...(choice.organization === '' ? {} : { organization: Number(choice.organization) }),
      ...(choice.paid === 'all' ? {} : { paid: choice.paid === '1' ? 1 : 0 }),
      discount: choice.discount,
    });
    save(file.filename, file.blob);
    $fleetExport.setKey('current', { ...rest, downloading: false, saved: file.filename });
  } catch (error) {
    $fleetExport.setKey('current', { ...rest, downloading: false, message: userMessage(error) });
  }
}

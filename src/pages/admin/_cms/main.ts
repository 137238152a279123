/**
 * The editors' app at /admin/: Decap CMS bundled from npm, configured by config.ts.
 * Import order matters: Decap's git-gateway backend looks for window.netlifyIdentity when its module
 * is evaluated, so the identity widget (which sets it) is imported first.
 */
import 'netlify-identity-widget';
import CMS from 'decap-cms-app';
import { cmsConfig } from './config.ts';
import { jsonFormat } from './jsonFormat.ts';
import { newEntryKeys } from './newEntry.ts';

/** The slice of Decap's Immutable entry that preSave reads. */
interface DraftEntry {
  get(key: 'collection'): string;
  get(key: 'newRecord'): boolean | undefined;
  get(key: 'data'): { get(field: string): unknown; merge(values: Record<string, string>): unknown };
}

CMS.registerCustomFormat('json', 'json', jsonFormat);
CMS.registerEventListener({
  name: 'preSave',
  handler: ({ entry }: { entry: DraftEntry }) => {
    if (!entry.get('newRecord')) return undefined;
    const data = entry.get('data');
    return data.merge(newEntryKeys(entry.get('collection'), (field) => data.get(field)));
  },
});
CMS.init({ config: cmsConfig });

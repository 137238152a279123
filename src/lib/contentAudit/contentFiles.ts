import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// Reads the editors' JSON content (content/<collection>/**.json) as plain texts for the checks.

/** One content entry: its path and the Markdown fields an editor writes. */
export interface ContentText {
  readonly file: string;
  readonly collection: string;
  /** Field name → text (body, answer, description, …). */
  readonly fields: Readonly<Record<string, string>>;
}

/** Every string field of every JSON file under content/ (settings excluded). */
export function readContent(root = 'content'): ContentText[] {
  const out: ContentText[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'settings') walk(path);
      } else if (entry.name.endsWith('.json')) {
        const data = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
        const fields = Object.fromEntries(Object.entries(data).filter((pair): pair is [string, string] => typeof pair[1] === 'string'));
        out.push({ file: path, collection: path.split(/[\\/]/)[1] ?? '', fields });
      }
    }
  };
  walk(root);
  return out;
}

/** The long text of an entry: its body or FAQ answer, or ''. */
export function mainText(entry: ContentText): string {
  return entry.fields['body'] ?? entry.fields['answer'] ?? '';
}

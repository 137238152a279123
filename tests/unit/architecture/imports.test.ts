import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// DESIGN.md §3: imports run one way, lib → api → stores → islands → pages; server/ and functions/
// import src/lib and src/api/structs and nothing of the UI; no import cycles.

const root = resolve(import.meta.dirname, '../../..');

/** Source files under a folder of the repository (ts, tsx, mjs, astro). */
function sourceFiles(folder: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(ts|tsx|mjs|astro)$/.test(name)) out.push(relative(root, path));
    }
  };
  walk(join(root, folder));
  return out;
}

/** Relative import specifiers of a file: static, re-exports, side-effect and dynamic imports. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const specifiers = new Set<string>();
  for (const match of text.matchAll(/(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    const specifier = match[1] ?? match[2] ?? match[3];
    if (specifier?.startsWith('.')) specifiers.add(specifier);
  }
  return [...specifiers];
}

/** The repository path an import points at, extension included where the import omits it. */
function target(file: string, specifier: string): string {
  const base = relative(root, resolve(root, dirname(file), specifier));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) {
    try {
      if (statSync(join(root, candidate)).isFile()) return candidate;
    } catch {
      // try the next form
    }
  }
  return base;
}

/** The UI layer of a path under src/, as a rank: a file may import only ranks at or below its own. */
function rankOf(path: string): number | undefined {
  const layer = /^src\/([^/]+)/.exec(path)?.[1];
  if (layer === undefined) return undefined;
  const ranks: Record<string, number> = { lib: 0, api: 1, stores: 2, islands: 3, components: 4, layouts: 4, pages: 4, integrations: 4, styles: 0 };
  return ranks[layer] ?? 4;
}

const LAYER_NAMES = ['lib', 'api', 'stores', 'islands', 'pages/components/layouts'];

/** The business's settings files (operator's requisites, business figures): data, no code, shipped with the server too. */
const isSettingsFile = (path: string) => /^content\/settings\/[\w-]+\.json$/.test(path);
const uiFiles = sourceFiles('src');
const serviceFiles = [...sourceFiles('server'), ...sourceFiles('functions')];

describe('import direction (DESIGN.md §3, issue 17)', () => {
  it('the UI imports only down: lib → api → stores → islands → pages', () => {
    const wrong: string[] = [];
    for (const file of uiFiles) {
      const from = rankOf(file) ?? 4;
      for (const specifier of importsOf(file)) {
        const to = target(file, specifier);
        if (to.endsWith('.css')) continue;
        const rank = rankOf(to);
        if (rank !== undefined && rank > from) wrong.push(`${file} (${LAYER_NAMES[from]}) imports ${to} (${LAYER_NAMES[rank]})`);
        // The dev-server integration mounts the API in `astro dev`: build tooling, never shipped to a page.
        if (rank === undefined && !to.startsWith('src/') && !isSettingsFile(to) && !(file === 'src/integrations/apiInDev.ts' && to.startsWith('server/'))) wrong.push(`${file} imports ${to}, outside src/`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('server/ and functions/ import only src/lib and src/api/structs of the UI', () => {
    const wrong: string[] = [];
    for (const file of serviceFiles) {
      for (const specifier of importsOf(file)) {
        const to = target(file, specifier);
        if (to.startsWith('src/') && !to.startsWith('src/lib/') && !to.startsWith('src/api/structs/')) wrong.push(`${file} imports ${to}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('src/lib and src/api/structs, which the server shares, import nothing of the UI above them', () => {
    const wrong: string[] = [];
    for (const file of uiFiles.filter((f) => f.startsWith('src/lib/') || f.startsWith('src/api/structs/'))) {
      for (const specifier of importsOf(file)) {
        const to = target(file, specifier);
        const allowed = file.startsWith('src/lib/') ? ['src/lib/'] : ['src/lib/', 'src/api/structs/'];
        if (!allowed.some((prefix) => to.startsWith(prefix)) && !(file.startsWith('src/lib/') && isSettingsFile(to))) wrong.push(`${file} imports ${to}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('has no import cycles', () => {
    const graph = new Map<string, string[]>();
    for (const file of [...uiFiles, ...serviceFiles]) graph.set(file, importsOf(file).map((s) => target(file, s)).filter((t) => !t.endsWith('.css')));
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const stack: string[] = [];
    const visit = (node: string) => {
      state.set(node, 'open');
      stack.push(node);
      for (const next of graph.get(node) ?? []) {
        if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next].join(' → '));
        else if (state.get(next) === undefined && graph.has(next)) visit(next);
      }
      stack.pop();
      state.set(node, 'done');
    };
    for (const node of graph.keys()) if (state.get(node) === undefined) visit(node);
    expect(cycles).toEqual([]);
  });

  it('reads real imports (the checks are not vacuous)', () => {
    expect(importsOf('server/app.ts').length).toBeGreaterThan(10);
    expect(uiFiles.length).toBeGreaterThan(100);
  });

  it('gives each exported class one name across the UI and the server (one name per concept)', () => {
    const owners = new Map<string, string[]>();
    for (const file of [...uiFiles, ...serviceFiles]) {
      for (const match of readFileSync(join(root, file), 'utf8').matchAll(/export\s+(?:abstract\s+)?class\s+(\w+)/g)) {
        const name = match[1] ?? '';
        owners.set(name, [...(owners.get(name) ?? []), file]);
      }
    }
    const twice = [...owners].filter(([, files]) => files.length > 1).map(([name, files]) => `${name}: ${files.join(', ')}`);
    expect(twice).toEqual([]);
    expect(owners.has('ApiError') && owners.has('ApiReplyError')).toBe(true);
  });
});

describe('no SQL in routes (issue 17, the house)', () => {
  it('route files build no queries: they call the capability stores', () => {
    const wrong: string[] = [];
    for (const file of serviceFiles.filter((f) => f.startsWith('server/routes/'))) {
      const text = readFileSync(join(root, file), 'utf8');
      for (const match of text.matchAll(/\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\bsql`/g)) {
        const line = text.slice(0, match.index).split('\n').length;
        wrong.push(`${file}:${line} ${match[0]}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

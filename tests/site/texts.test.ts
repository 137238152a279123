import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { builtPages } from './builtSite.ts';
import { visibleText } from './visibleText.ts';
import { NBSP_MISSES, TYPOS, strayLatin } from './textRules.ts';

// Issue 24 item 20: no English or internal labels on any page, none of the known typos, and Russian
// non-breaking spaces. Every built page's readable text is checked, and so are the Russian strings of
// the islands and stores (what the pages show once JavaScript runs).

const root = join(import.meta.dirname, '../..');

/** The built 404 page carries a token the server replaces with the missing path. */
const readable = (html: string) => visibleText(html).replace(/__MISSING_PATH__/g, '/');

/** Source files of a folder (ts, tsx). */
function sources(folder: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : /\.tsx?$/.test(name) ? [path] : [];
    });
  return walk(join(root, folder));
}

/** The texts of a source file a visitor may see: string and template literals and JSX text with Cyrillic in them. */
function russianStrings(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node) || ts.isJsxText(node)) {
      const text = node.text;
      if (/[А-Яа-яЁё]/.test(text)) out.push(text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** The islands' and stores' Russian strings, each with its file. */
const islandStrings = [...sources('src/islands'), ...sources('src/stores')]
  // The header's inline script is code in a string; its words are JavaScript, not text.
  .filter((file) => !file.endsWith('headerAccountScript.ts'))
  .flatMap((file) => russianStrings(file).map((text) => ({ file: relative(root, file), text })));

describe('the site’s texts (issue 24 item 20)', () => {
  const pages = builtPages({ includeSpecial: true }).filter((page) => !page.path.startsWith('/admin/'));
  const texts = pages.map((page) => ({ path: page.path, text: readable(page.html) }));

  it('reads every page', () => expect(pages.length).toBeGreaterThan(250));

  it('no page shows a Latin word outside the allow-list (brands, formats, units)', () => {
    const found = texts.flatMap(({ path, text }) => [...new Set(strayLatin(text))].map((word) => `${path}: ${word}`));
    expect(found).toEqual([]);
  });

  it('no island or store string shows a Latin word outside the allow-list', () => {
    const found = islandStrings.flatMap(({ file, text }) => strayLatin(text).map((word) => `${file}: ${word} in «${text.trim().slice(0, 80)}»`));
    expect(found).toEqual([]);
  });

  it('no page and no island string has a known typo', () => {
    const found = [...texts.map(({ path, text }) => ({ where: path, text })), ...islandStrings.map(({ file, text }) => ({ where: file, text }))].flatMap(({ where, text }) =>
      TYPOS.filter(({ pattern }) => pattern.test(text)).map(({ pattern, fix }) => `${where}: «${pattern.exec(text)?.[0]}» → ${fix}`),
    );
    expect(found).toEqual([]);
  });

  it('no page breaks a line after «№», before «г.» or «₽», or inside an amount', () => {
    const found = texts.flatMap(({ path, text }) =>
      NBSP_MISSES.flatMap(({ pattern, rule }) => {
        const match = pattern.exec(text);
        return match === null ? [] : [`${path}: ${rule}: «${text.slice(Math.max(0, match.index - 20), match.index + 20).replace(/\s+/g, ' ')}»`];
      }),
    );
    expect(found).toEqual([]);
  });

  it('no page shows the consent’s version string or another internal label', () => {
    const found = texts.filter(({ text }) => /search-\d{4}-\d{2}-\d{2}|Page not found|undefined|NaN|\[object Object\]/i.test(text)).map(({ path }) => path);
    expect(found).toEqual([]);
  });
});

describe('the text rules themselves', () => {
  it.each([
    ['Проверка по VIN и СТС, выгрузка в CSV и Excel', []],
    ['Страница not found', ['not', 'found']],
    ['Банковская карта (moneta.ru)', []],
    ['Банковская карта (A3)', ['A3']],
    ['<p>Автомобиль: А123ВС</p> &copy; участники OpenStreetMap', []],
    ['пункт 4a — дата выдачи', []],
    ['Пример VIN: XTA21099043581234', []],
    ['напишите на help@example.ru', []],
  ])('strayLatin(%j) → %j', (text, expected) => expect(strayLatin(text)).toEqual(expected));

  it.each([
    ['скидка, —подключить кабинет', true],
    ['скидка — подключить кабинет', false],
    ['и видьте каждое', true],
    ['в течении 10 дней', true],
    ['в течение 10 дней', false],
  ])('a typo in %j: %s', (text, expected) => expect(TYPOS.some(({ pattern }) => pattern.test(text))).toBe(expected));
});

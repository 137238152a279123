/**
 * How the CMS names and writes files: Latin slugs transliterated the way content/ is named, transient
 * keys never reaching the file, and an unchanged entry re-saved byte for byte as it is.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collections } from '../../../src/pages/admin/_cms/config.ts';
import { jsonFormat } from '../../../src/pages/admin/_cms/jsonFormat.ts';
import { newEntryKeys, SLUG_KEY, TITLE_KEY } from '../../../src/pages/admin/_cms/newEntry.ts';
import { FALLBACK_SLUG, MAX_SLUG_LENGTH, slugify } from '../../../src/pages/admin/_cms/translit.ts';

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

describe('slugify: the names content/ already uses', () => {
  it.each([
    ['Нижний Новгород', 'nizhnij-novgorod'],
    ['Эвакуация', 'evakuaciya'],
    ['Грозный', 'groznyj'],
    ['Йошкар-Ола', 'joshkar-ola'],
    ['Благовещенск', 'blagoveshchensk'],
    ['Петропавловск-Камчатский', 'petropavlovsk-kamchatskij'],
    ['Улан-Удэ', 'ulan-ude'],
    ['Орёл', 'orel'],
    ['Хабаровск', 'habarovsk'],
    ['Якутск', 'yakutsk'],
    ['Обжалование', 'obzhalovanie'],
    ['Платные дороги', 'platnye-dorogi'],
    ['ОСАГО', 'osago'],
    ['Изменения ПДД с 1 марта 2026 года', 'izmeneniya-pdd-s-1-marta-2026-goda'],
    ['Штраф 50 %: «скидка» — до 20 дней!', 'shtraf-50-skidka-do-20-dnej'],
    ['М-12 «Восток»', 'm-12-vostok'],
    ['/po-sts/', 'po-sts'],
    ['/', FALLBACK_SLUG],
    ['', FALLBACK_SLUG],
    ['Съезд, подъезд, объезд', 'sezd-podezd-obezd'],
    ['Щёлково', 'shchelkovo'],
  ])('%s → %s', (text, slug) => {
    expect(slugify(text)).toBe(slug);
  });

  it('cuts a long title at a word boundary', () => {
    const slug = slugify('Потеряли СТС: как восстановить свидетельство о регистрации автомобиля и не получить штраф');
    expect(slug).toBe('poteryali-sts-kak-vosstanovit-svidetelstvo-o-registracii');
    expect(slug.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
  });

  it('always gives a usable file name and URL segment', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВЁЯ abcXYZ019-_.,:;!?/«»—%'.split('')), maxLength: 200 }), (text) => {
        const slug = slugify(text);
        expect(slug).toMatch(SLUG);
        expect(slug.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
        expect(slugify(slug)).toBe(slug);
      }),
    );
  });
});

describe('newEntryKeys: what preSave adds before Decap names a new file', () => {
  const data = (values: Record<string, unknown>) => (field: string) => values[field];

  it.each([
    ['news', { title: 'Новые камеры на М-12' }, 'novye-kamery-na-m-12'],
    ['faq', { question: 'Можно ли оплатить штраф картой?' }, 'mozhno-li-oplatit-shtraf-kartoj'],
    ['cities', { name: 'Нижний Новгород' }, 'nizhnij-novgorod'],
    ['landings', { path: '/po-vin/', title: 'Проверка штрафов по VIN' }, 'po-vin'],
    ['reviews', { author: 'Алексей' }, 'aleksej'],
    ['banners', { name: 'main' }, 'main'],
  ])('%s: %j → %s', (collection, values, slug) => {
    expect(newEntryKeys(collection, data(values))).toEqual({ [SLUG_KEY]: slug });
  });

  it('in a folder tree, lends the slug to `title` (Decap names nested files after it) and keeps the real title aside', () => {
    const keys = newEntryKeys('insurance', data({ title: 'Что такое КБМ и как его проверить' }));
    expect(keys).toEqual({ [SLUG_KEY]: 'chto-takoe-kbm-i-kak-ego-proverit', title: 'chto-takoe-kbm-i-kak-ego-proverit', [TITLE_KEY]: 'Что такое КБМ и как его проверить' });
  });
});

describe('jsonFormat: the file Decap writes', () => {
  it('writes schema order, 2-space JSON and a final newline, without transient keys', () => {
    const raw = jsonFormat.toFile(
      { body: 'Текст', title: 'slug-for-decap', [TITLE_KEY]: 'Настоящий заголовок', [SLUG_KEY]: 'slug-for-decap', date: '2026-03-01' },
      ['title', 'date', 'body'],
    );
    expect(raw).toBe('{\n  "title": "Настоящий заголовок",\n  "date": "2026-03-01",\n  "body": "Текст"\n}\n');
  });

  it('writes an empty nullable field as null, and leaves other empty fields out', () => {
    expect(JSON.parse(jsonFormat.toFile({ title: 'Т' }, ['title', 'searchTab', 'popular']))).toEqual({ title: 'Т', searchTab: null });
  });

  it('re-saves every existing content file byte for byte (an unchanged save makes no diff)', () => {
    for (const c of collections) {
      const order = (c.fields ?? []).map((f) => f.name);
      let files: string[] = [];
      try {
        files = (readdirSync(c.folder!, { recursive: true }) as string[]).filter((f) => f.endsWith('.json'));
      } catch {
        continue;
      }
      for (const file of files) {
        const raw = readFileSync(join(c.folder!, file), 'utf8');
        expect(jsonFormat.toFile(jsonFormat.fromFile(raw) as Record<string, unknown>, order), `${c.folder}/${file}`).toBe(raw);
      }
    }
  });
});

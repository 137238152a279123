/**
 * The Decap CMS config: one collection per collection of src/content.config.ts, with the same fields
 * (tests/unit/cms/config.test.ts proves they agree). Passed to CMS.init() from the bundle, not fetched
 * as config.yml: no extra request, and no static file that the site's trailing-slash redirect would
 * turn into a 404. Editors' guide: content/EDITING.md.
 */
import type { CmsCollection, CmsConfig, CmsField } from 'decap-cms-core';
import { date, description, flag, id, internalPath, line, markdown, paragraph, relation, searchTab, tags } from './fields.ts';
import { NESTED_COLLECTIONS, SLUG_KEY } from './newEntry.ts';

/** A folder of JSON files under content/, one file per entry, the file name (a Latin slug) being the URL segment. */
function folder(name: string, label: string, label_singular: string, fields: CmsField[], extra: Partial<CmsCollection> = {}): CmsCollection {
  const nested: Partial<CmsCollection> = NESTED_COLLECTIONS.includes(name)
    ? {
        nested: { depth: 3, subfolders: false },
        meta: { path: { label: 'Подраздел (папка латиницей, например karty или osago)', widget: 'string' } },
      }
    : {};
  return {
    name,
    label,
    label_singular,
    folder: `content/${name}`,
    format: 'json',
    extension: 'json',
    create: true,
    delete: true,
    slug: `{{fields.${SLUG_KEY}}}`,
    identifier_field: 'title',
    ...nested,
    ...extra,
    fields,
  };
}

const article = [line('title', 'Заголовок', 10), description, date(), markdown()];
const legalText = [line('title', 'Заголовок', 5), description, date('updated', 'Дата редакции'), markdown()];
// Landings, information pages and banner sets are read by name from the code (getEntry): deleting
// one fails the build, so the CMS offers no delete button there.
const BOUND_TO_CODE: Partial<CmsCollection> = { delete: false };
const windowTitle = (min: number, max?: number) => line('title', 'Заголовок окна (title)', min, max);

/** Collections in the order editors see them in the sidebar. */
export const collections: CmsCollection[] = [
  folder('news', 'Новости', 'Новость', [id, line('title', 'Заголовок', 10), description, date(), tags, flag('popular', 'Популярное'), markdown()], {
    summary: '{{date}} — {{title}}',
    sortable_fields: ['date', 'title', 'id'],
    preview_path: 'news/{{slug}}/',
  }),
  folder(
    'good_to_know',
    'Полезно знать (статьи)',
    'Статья',
    [
      id,
      line('title', 'Заголовок', 10),
      description,
      date(),
      relation('category', 'Рубрика', 'categories', false),
      tags,
      flag('popular', 'Популярное'),
      flag('top', 'В топе'),
      markdown(),
    ],
    { summary: '{{date}} — {{title}}', sortable_fields: ['date', 'title', 'id'], preview_path: 'good_to_know/{{slug}}/' },
  ),
  folder(
    'faq',
    'Вопросы и ответы',
    'Вопрос',
    [
      line('question', 'Вопрос', 10),
      markdown('answer', 'Ответ'),
      tags,
      { label: 'Порядок', name: 'order', widget: 'number', value_type: 'int', step: 1, hint: 'Меньше — выше в списке.' },
    ],
    { identifier_field: 'question', sortable_fields: ['order', 'question'], preview_path: 'faq/{{slug}}/' },
  ),
  folder('tags', 'Теги', 'Тег', [line('name', 'Название', 2)], { identifier_field: 'name' }),
  folder('categories', 'Рубрики статей', 'Рубрика', [line('name', 'Название', 2), paragraph('description', 'Описание', 10)], {
    identifier_field: 'name',
  }),
  folder(
    'cities',
    'Города',
    'Город',
    [
      line('name', 'Город', 2),
      line('locative', 'Где? (предложный падеж)', 3, undefined, 'Например: в Москве.'),
      line('region', 'Регион', 3),
      {
        label: 'Коды региона на номерах',
        name: 'regionCodes',
        widget: 'list',
        min: 1,
        field: { label: 'Код', name: 'code', widget: 'string', pattern: ['^\\d{2,3}$', 'код региона — 2 или 3 цифры'] },
      },
      line('federalDistrict', 'Федеральный округ', 3),
      description,
      markdown(),
    ],
    { identifier_field: 'name', sortable_fields: ['name'], preview_path: 'city/{{slug}}/' },
  ),
  folder('finance', 'Финансы', 'Статья о финансах', article, { preview_path: 'finance/{{slug}}/' }),
  folder('insurance', 'Страхование', 'Статья о страховании', article, { preview_path: 'insurance/{{slug}}/' }),
  folder('topics', 'Тематические страницы', 'Тематическая страница', [
    windowTitle(10, 70),
    line('h1', 'Заголовок на странице (h1)', 5),
    description,
    searchTab('searchTab', 'Вкладка поиска', false),
    markdown(),
  ], { preview_path: '{{slug}}/' }),
  folder(
    'landings',
    'Поисковые лендинги',
    'Лендинг',
    [
      internalPath('path', 'Адрес страницы', 'Со слешами: / или /po-sts/.'),
      windowTitle(10, 70),
      line('h1', 'Заголовок на странице (h1)', 5),
      description,
      paragraph('lead', 'Подзаголовок (лид)', 10),
      searchTab('tab', 'Вкладка поиска', true),
      markdown(),
    ],
    { summary: '{{path}} — {{title}}', ...BOUND_TO_CODE },
  ),
  folder('pages', 'Информационные страницы', 'Страница', [windowTitle(5), line('h1', 'Заголовок на странице (h1)', 3), description, markdown()], BOUND_TO_CODE),
  folder('rules', 'Правила', 'Правила', legalText, { preview_path: 'rules/{{slug}}/' }),
  folder('licenses', 'Соглашения и политики', 'Документ', legalText, { preview_path: 'licenses/{{slug}}/' }),
  folder(
    'reviews',
    'Отзывы',
    'Отзыв',
    [
      line('author', 'Автор', 2),
      {
        label: 'Магазин',
        name: 'platform',
        widget: 'select',
        options: [
          { label: 'App Store', value: 'appstore' },
          { label: 'Google Play', value: 'googleplay' },
        ],
      },
      { label: 'Ссылка на отзыв', name: 'url', widget: 'string', pattern: ['^https?:\\/\\/[^\\s\\/?#]+\\.[^\\s\\/?#]+(?:[\\/?#]\\S*)?$', 'полная ссылка: https://…'] },
      { label: 'Оценка', name: 'star', widget: 'number', value_type: 'int', min: 5, max: 5, default: 5, hint: 'Показываем только отзывы на 5 звёзд.' },
      date(),
      paragraph('text', 'Текст отзыва', 10),
    ],
    { identifier_field: 'author', summary: '{{author}} — {{platform}}, {{date}}' },
  ),
  folder(
    'banners',
    'Баннеры',
    'Набор баннеров',
    [
      line('name', 'Имя набора', 2, undefined, 'Совпадает с именем файла: main, news, articles…'),
      {
        label: 'Баннеры',
        name: 'items',
        widget: 'list',
        min: 1,
        summary: '{{fields.title}}',
        fields: [
          line('id', 'Код баннера (id)', 1, undefined, 'Латиницей, уникальный в наборе.'),
          line('title', 'Заголовок', 3),
          paragraph('text', 'Текст', 3, 160),
          internalPath('url', 'Ссылка', 'Внутренний путь со слешами: /osago/.'),
          line('cta', 'Текст кнопки', 2),
          {
            label: 'Цвет',
            name: 'theme',
            widget: 'select',
            options: [
              { label: 'Синий', value: 'blue' },
              { label: 'Зелёный', value: 'green' },
              { label: 'Оранжевый', value: 'orange' },
            ],
          },
        ],
      },
    ],
    { identifier_field: 'name', ...BOUND_TO_CODE },
  ),
];

/** Saving an entry commits it to `main` through Netlify's git gateway; the commit rebuilds the site. */
export const cmsConfig: CmsConfig = {
  load_config_file: false,
  backend: {
    name: 'git-gateway',
    branch: 'main',
    commit_messages: {
      create: 'cms: {{collection}} «{{slug}}» — создано',
      update: 'cms: {{collection}} «{{slug}}» — изменено',
      delete: 'cms: {{collection}} «{{slug}}» — удалено',
      uploadMedia: 'cms: загружен {{path}}',
      deleteMedia: 'cms: удалён {{path}}',
    },
  },
  // `npx decap-server` beside `npm run dev`: Decap on localhost then edits the checkout directly.
  local_backend: true,
  locale: 'ru',
  show_preview_links: true,
  // Decap requires a media folder; no schema has an image, so nothing is uploaded there.
  media_folder: 'public/images/cms',
  public_folder: '/images/cms',
  // File names are Latin slugs: newEntry.ts transliterates a new entry's title into `_slug`.
  slug: { encoding: 'ascii', clean_accents: true, sanitize_replacement: '-' },
  collections,
};

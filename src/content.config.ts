import { defineCollection, reference } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { readdirSync } from 'node:fs';
import { fillFacts } from './lib/legalFacts/placeholders.ts';

/** Where the collections live: content/ unless CONTENT_DIR points elsewhere (the build benchmark and schema tests). */
const contentDir = process.env['CONTENT_DIR'] ?? './content';

/** Slugs of a collection's files, read once, so a reference to a missing tag or category fails with its field. */
const slugsIn = (folder: string) => new Set(readdirSync(`${contentDir}/${folder}`).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5)));
const tagSlugs = slugsIn('tags');
const categorySlugs = slugsIn('categories');
const tagRef = reference('tags').refine((ref) => tagSlugs.has(ref.id), { message: 'нет такого тега в content/tags' });
const categoryRef = reference('categories').refine((ref) => categorySlugs.has(ref.id), { message: 'нет такой рубрики в content/categories' });

/** Every collection is a folder of JSON files under content/, one file per entry, the file name being the slug. */
const jsonIn = (folder: string) => glob({ pattern: '**/*.json', base: `${contentDir}/${folder}` });

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'дата в формате ГГГГ-ММ-ДД').refine((v) => !Number.isNaN(Date.parse(v)), 'несуществующая дата');
/** A one-line text (title, description, lead) whose placeholders ({{fact:…}}, {{biz:…}}) are filled before the length is checked; an unknown one fails the build. */
const line = (checked: z.ZodString) =>
  z.string().transform((text, ctx) => {
    try {
      return fillFacts(text);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  }).pipe(checked);
const description = line(z.string().min(50, 'описание короче 50 знаков').max(200, 'описание длиннее 200 знаков'));
const markdown = z.string().min(1, 'пустой текст');
const searchTab = z.enum(['plateSts', 'sts', 'driverLicense', 'vin', 'uin']);

const tags = defineCollection({ loader: jsonIn('tags'), schema: z.object({ name: z.string().min(2) }) });

const categories = defineCollection({
  loader: jsonIn('categories'),
  schema: z.object({ name: z.string().min(2), description: z.string().min(10) }),
});

const news = defineCollection({
  loader: jsonIn('news'),
  schema: z.object({
    id: z.number().int().positive(),
    title: line(z.string().min(10)),
    description,
    date: isoDate,
    tags: z.array(tagRef).min(1),
    popular: z.boolean().default(false),
    body: markdown,
  }),
});

const goodToKnow = defineCollection({
  loader: jsonIn('good_to_know'),
  schema: z.object({
    id: z.number().int().positive(),
    title: line(z.string().min(10)),
    description,
    date: isoDate,
    category: categoryRef,
    tags: z.array(tagRef).min(1),
    popular: z.boolean().default(false),
    top: z.boolean().default(false),
    body: markdown,
  }),
});

const faq = defineCollection({
  loader: jsonIn('faq'),
  schema: z.object({
    question: z.string().min(10),
    answer: markdown,
    tags: z.array(tagRef).min(1),
    order: z.number().int(),
  }),
});

const cities = defineCollection({
  loader: jsonIn('cities'),
  schema: z.object({
    name: z.string().min(2),
    locative: z.string().min(3),
    region: z.string().min(3),
    regionCodes: z.array(z.string().regex(/^\d{2,3}$/, 'код региона — 2 или 3 цифры')).min(1),
    federalDistrict: z.string().min(3),
    description,
    body: markdown,
  }),
});

const article = z.object({ title: line(z.string().min(10)), description, date: isoDate, body: markdown });
const finance = defineCollection({ loader: jsonIn('finance'), schema: article });
const insurance = defineCollection({ loader: jsonIn('insurance'), schema: article });

const legalText = z.object({ title: line(z.string().min(5)), description, updated: isoDate, body: markdown });
const rules = defineCollection({ loader: jsonIn('rules'), schema: legalText });
const licenses = defineCollection({ loader: jsonIn('licenses'), schema: legalText });

const topics = defineCollection({
  loader: jsonIn('topics'),
  schema: z.object({
    title: line(z.string().min(10).max(70)),
    h1: z.string().min(5),
    description,
    searchTab: searchTab.nullable(),
    body: markdown,
  }),
});

const landings = defineCollection({
  loader: jsonIn('landings'),
  schema: z.object({
    path: z.string().regex(/^\/([a-z0-9_-]+\/)*$/, 'путь со слешем в конце'),
    title: line(z.string().min(10).max(70)),
    h1: z.string().min(5),
    description,
    lead: line(z.string().min(10)),
    tab: searchTab,
    body: markdown,
  }),
});

const pages = defineCollection({
  loader: jsonIn('pages'),
  schema: z.object({ title: line(z.string().min(5)), h1: z.string().min(3), description, body: markdown }),
});

const reviews = defineCollection({
  loader: jsonIn('reviews'),
  schema: z.object({
    author: z.string().min(2),
    platform: z.enum(['appstore', 'googleplay']),
    url: z.url(),
    star: z.literal(5),
    date: isoDate,
    text: z.string().min(10),
  }),
});

const banners = defineCollection({
  loader: jsonIn('banners'),
  schema: z.object({
    name: z.string().min(2),
    items: z
      .array(
        z.object({
          id: z.string().min(1),
          title: line(z.string().min(3)),
          text: z.string().min(3).max(160),
          url: z.string().regex(/^\/([a-z0-9_-]+\/)*$/, 'внутренний путь со слешем в конце'),
          cta: z.string().min(2),
          theme: z.enum(['blue', 'green', 'orange']),
        }),
      )
      .min(1),
  }),
});

/** The content collections of the site; the build fails with the file and field when an entry breaks its schema. */
export const collections = {
  tags,
  categories,
  news,
  good_to_know: goodToKnow,
  faq,
  cities,
  finance,
  insurance,
  rules,
  licenses,
  topics,
  landings,
  pages,
  reviews,
  banners,
};

/**
 * `npm run bench:build`: builds the site with 10,000 extra news items and articles (generated into a
 * temporary folder, never committed) and prints pages per second. Target: 100 pages/s or more.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../..');
const EXTRA = Number(process.env['BENCH_EXTRA'] ?? 10_000);
const work = mkdtempSync(join(tmpdir(), 'bench-build-'));
const contentDir = join(work, 'content');
const outDir = join(work, 'dist');

const tags = readdirSync(join(root, 'content/tags')).map((f) => f.replace(/\.json$/, ''));
const categories = readdirSync(join(root, 'content/categories')).map((f) => f.replace(/\.json$/, ''));
const topics = ['оплата штрафа', 'камеры на дорогах', 'парковка', 'ОСАГО', 'техосмотр', 'транспортный налог', 'обжалование', 'платные дороги'];

function body(i: number): string {
  const topic = topics[i % topics.length] ?? '';
  const para = `Материал № ${i} о теме «${topic}». Проверяйте штрафы по СТС и водительскому удостоверению, платите в срок скидки и сохраняйте квитанцию. `;
  return [`## ${topic[0]?.toUpperCase()}${topic.slice(1)}`, para.repeat(6), '## Что сделать', '- проверить штрафы;\n- оплатить со скидкой;\n- сохранить квитанцию.', para.repeat(4)].join('\n\n');
}

function date(i: number): string {
  const d = new Date(Date.UTC(2025, 0, 1) + (i % 680) * 86_400_000);
  return d.toISOString().slice(0, 10);
}

cpSync(join(root, 'content'), contentDir, { recursive: true });
const half = Math.floor(EXTRA / 2);
for (let i = 0; i < EXTRA; i += 1) {
  const isNews = i < half;
  const slug = `${isNews ? 'bench-news' : 'bench-article'}-${i}`;
  const title = `${isNews ? 'Новость' : 'Статья'} ${i}: ${topics[i % topics.length]} — что важно водителю`;
  const description = `Сгенерированный для замера сборки материал ${i} о теме «${topics[i % topics.length]}»: сроки, скидки, порядок оплаты и проверки штрафов.`;
  const tagList = [tags[i % tags.length], tags[(i * 7 + 3) % tags.length]].filter((t, k, a) => t && a.indexOf(t) === k);
  const entry = isNews
    ? { id: 100_000 + i, title, description, date: date(i), tags: tagList, popular: false, body: body(i) }
    : { id: 200_000 + i, title, description, date: date(i), category: categories[i % categories.length], tags: tagList, popular: false, top: false, body: body(i) };
  writeFileSync(join(contentDir, isNews ? 'news' : 'good_to_know', `${slug}.json`), JSON.stringify(entry));
}

function countPages(dir: string): number {
  return readdirSync(dir).reduce((n, name) => {
    const full = join(dir, name);
    return n + (statSync(full).isDirectory() ? countPages(full) : name.endsWith('.html') ? 1 : 0);
  }, 0);
}

console.log(`Сборка с ${EXTRA} дополнительными материалами в ${work}…`);
const started = performance.now();
const run = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build', '--outDir', outDir], {
  cwd: root,
  env: { ...process.env, CONTENT_DIR: contentDir, ASTRO_TELEMETRY_DISABLED: '1' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const seconds = (performance.now() - started) / 1000;
if (run.status !== 0) {
  console.error('Сборка не удалась.');
  process.exit(run.status ?? 1);
}
const pages = countPages(outDir);
rmSync(work, { recursive: true, force: true });
console.log(`pages: ${pages}`);
console.log(`seconds: ${seconds.toFixed(1)}`);
console.log(`pages/s: ${(pages / seconds).toFixed(1)}  (target ≥ 100)`);

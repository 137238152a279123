// The local server sends built text files brotli-compressed, once per file version (issue 27); wrong bytes, a stale copy or a shared ETag would break pages or caches.
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptsBrotli, createBrotliFiles } from '../../../server/site/brotliFiles.ts';
import { fileResponse, findStaticFile, type StaticFile } from '../../../server/site/staticFiles.ts';

const request = (acceptEncoding?: string, { method = 'GET', ifNoneMatch }: { method?: string; ifNoneMatch?: string } = {}) =>
  new Request('http://localhost/page.html', {
    method,
    headers: { ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }), ...(ifNoneMatch === undefined ? {} : { 'if-none-match': ifNoneMatch }) },
  });

/** Text that compresses well, `lines` lines long and marked with `tag`. */
const text = (tag: string, lines = 100) => Array.from({ length: lines }, (_, i) => `<p class="line">${tag} line ${i}</p>\n`).join('');

/** A temporary dist/ with `files` written, and a lookup of each as a StaticFile. */
function site(files: Record<string, string | Buffer>) {
  const root = mkdtempSync(join(tmpdir(), 'brotli-dist-'));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(root, name), content);
  const find = async (name: string): Promise<StaticFile> => {
    const file = await findStaticFile(root, `/${name}`);
    if (file === undefined) throw new Error(`${name} not found`);
    return file;
  };
  return { root, find };
}

const decoded = (bytes: Buffer | undefined) => (bytes === undefined ? undefined : brotliDecompressSync(bytes).toString('utf8'));

describe('whether a request accepts brotli', () => {
  it.each([
    ['gzip, deflate, br', true],
    ['br;q=0.5', true],
    ['gzip;q=1.0, BR ; q=0.1', true],
    ['br;q=0', false],
    ['gzip, br;q=0.000', false],
    ['gzip', false],
    ['brotli', false],
  ])('Accept-Encoding %s: %s', (header, accepted) => {
    expect(acceptsBrotli(request(header))).toBe(accepted);
  });

  it('does not accept brotli without an Accept-Encoding header', () => {
    expect(acceptsBrotli(request())).toBe(false);
  });
});

describe('the brotli copies of the built files', () => {
  it('answers bytes that decompress to the file', async () => {
    const { find } = site({ 'page.html': text('page'), 'app.js': text('js'), 'style.CSS': text('css') });
    const brotli = createBrotliFiles();
    for (const [name, tag] of [['page.html', 'page'], ['app.js', 'js'], ['style.CSS', 'css']] as const) {
      const bytes = await brotli.get(await find(name));
      expect(decoded(bytes)).toBe(text(tag));
      expect(bytes?.length).toBeLessThan(text(tag).length);
    }
  });

  it('answers nothing for files under 1024 bytes and for files compressed already', async () => {
    const big = Buffer.from(text('binary'));
    const { find } = site({ 'small.html': '<p>hi</p>', 'edge.html': 'x'.repeat(1023), 'photo.png': big, 'font.woff2': big });
    const brotli = createBrotliFiles();
    for (const name of ['small.html', 'edge.html', 'photo.png', 'font.woff2']) expect(await brotli.get(await find(name))).toBeUndefined();
  });

  it('compresses a file version once: the same bytes for the same path, size and time, even asked at once', async () => {
    const { find } = site({ 'page.html': text('page') });
    const brotli = createBrotliFiles();
    const [a, b] = await Promise.all([brotli.get(await find('page.html')), brotli.get(await find('page.html'))]);
    expect(a).toBeDefined();
    expect(b).toBe(a);
    expect(await brotli.get(await find('page.html'))).toBe(a);
  });

  it('makes a new copy of a file rewritten by a new build, whether its size or only its time changed', async () => {
    const { root, find } = site({ 'page.html': text('page') });
    const brotli = createBrotliFiles();
    const first = await brotli.get(await find('page.html'));

    writeFileSync(join(root, 'page.html'), text('next', 120));
    const resized = await brotli.get(await find('page.html'));
    expect(resized).not.toBe(first);
    expect(decoded(resized)).toBe(text('next', 120));

    // The same length, another text: only the modification time tells the versions apart.
    writeFileSync(join(root, 'page.html'), text('last', 120));
    utimesSync(join(root, 'page.html'), new Date('2030-01-01T00:00:00Z'), new Date('2030-01-01T00:00:00Z'));
    const retimed = await brotli.get(await find('page.html'));
    expect(retimed).not.toBe(resized);
    expect(decoded(retimed)).toBe(text('last', 120));
  });

  it('drops the oldest copy when the copies pass the memory budget, and keeps them under it', async () => {
    const { find } = site({ 'a.html': text('a'), 'b.html': text('b') });
    const tight = createBrotliFiles({ maxBytes: 1 });
    const a = await tight.get(await find('a.html'));
    const b = await tight.get(await find('b.html'));
    // The copy just made stays even over the budget.
    expect(await tight.get(await find('b.html'))).toBe(b);
    const again = await tight.get(await find('a.html'));
    expect(again).not.toBe(a);
    expect(decoded(again)).toBe(text('a'));

    const roomy = createBrotliFiles();
    const kept = await roomy.get(await find('a.html'));
    await roomy.get(await find('b.html'));
    expect(await roomy.get(await find('a.html'))).toBe(kept);
  });

  it('fails for a file removed meanwhile, and compresses it again once it is back', async () => {
    const { root, find } = site({ 'page.html': text('page') });
    const file = await find('page.html');
    rmSync(join(root, 'page.html'));
    const brotli = createBrotliFiles();
    await expect(brotli.get(file)).rejects.toThrow();
    writeFileSync(join(root, 'page.html'), text('page'));
    expect(decoded(await brotli.get(file))).toBe(text('page'));
  });
});

describe('a static file’s response with its brotli copy', () => {
  it('sends the compressed bytes, says so, varies on Accept-Encoding and has its own ETag', async () => {
    const { find } = site({ 'page.html': text('page') });
    const file = await find('page.html');
    const bytes = await createBrotliFiles().get(file);
    const identity = fileResponse(file, request('gzip'), '/page.html');
    const response = fileResponse(file, request('br'), '/page.html', 200, bytes);

    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-length')).toBe(String(bytes?.length));
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes ?? Buffer.alloc(0))).toBe(true);

    expect(identity.headers.get('content-encoding')).toBeNull();
    expect(identity.headers.get('content-length')).toBe(String(file.size));
    expect(await identity.text()).toBe(text('page'));
    expect(response.headers.get('etag')).toMatch(/^W\/".+"$/);
    expect(response.headers.get('etag')).not.toBe(identity.headers.get('etag'));
  });

  it('answers 304 to the brotli ETag, and the full body to the identity one', async () => {
    const { find } = site({ 'page.html': text('page') });
    const file = await find('page.html');
    const bytes = await createBrotliFiles().get(file);
    const brEtag = fileResponse(file, request('br'), '/page.html', 200, bytes).headers.get('etag') ?? '';
    const identityEtag = fileResponse(file, request(), '/page.html').headers.get('etag') ?? '';

    const notModified = fileResponse(file, request('br', { ifNoneMatch: brEtag }), '/page.html', 200, bytes);
    expect(notModified.status).toBe(304);
    expect(notModified.body).toBeNull();
    expect(notModified.headers.get('etag')).toBe(brEtag);

    const stale = fileResponse(file, request('br', { ifNoneMatch: identityEtag }), '/page.html', 200, bytes);
    expect(stale.status).toBe(200);
    expect(Buffer.from(await stale.arrayBuffer()).length).toBe(bytes?.length);
  });

  it('answers HEAD with the headers of the compressed file and no body', async () => {
    const { find } = site({ 'page.html': text('page') });
    const file = await find('page.html');
    const bytes = await createBrotliFiles().get(file);
    const head = fileResponse(file, request('br', { method: 'HEAD' }), '/page.html', 200, bytes);
    expect(head.status).toBe(200);
    expect(head.body).toBeNull();
    expect(head.headers.get('content-encoding')).toBe('br');
    expect(head.headers.get('content-length')).toBe(String(bytes?.length));
  });
});

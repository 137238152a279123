import { afterEach, describe, expect, it, vi } from 'vitest';
import redirects, { config } from '../../functions/redirects.ts';

const marker = () => new Response('served as is', { status: 299 });
const context = { next: vi.fn(async () => marker()) };
const call = (path: string) => redirects(new Request(`https://shtrafy.test${path}`), context);
const withAllowList = (value: string | undefined) =>
  vi.stubGlobal('Netlify', { env: { get: (name: string) => (name === 'WEBVIEW_ALLOWED_HOSTS' ? value : undefined) } });

afterEach(() => {
  vi.unstubAllGlobals();
  context.next.mockClear();
});

describe('Netlify edge function', () => {
  it.each([
    ['/oferta?a=1', 301, '/licenses/license-agreement/?a=1'],
    ['/about', 301, '/about/'],
    ['/app/fuel?utm_source=app', 302, 'https://promo.example.ru/?utm_source=app'],
    ['/app/webview?url=https%3A%2F%2Fpay.partner-bank.example%2Fpay', 302, 'https://pay.partner-bank.example/pay'],
  ])('%s → %i %s (default allow-list)', async (path, status, location) => {
    withAllowList(undefined);
    const response = await call(path);
    expect(response.status).toBe(status);
    expect(response.headers.get('location')).toBe(location);
    expect(context.next).not.toHaveBeenCalled();
  });

  it.each([['/about/'], ['/sitemap-index.xml'], ['/api/health']])('%s goes on to context.next()', async (path) => {
    const response = await call(path);
    expect(await response.text()).toBe('served as is');
    expect(context.next).toHaveBeenCalledOnce();
  });

  it('reads the allow-list from WEBVIEW_ALLOWED_HOSTS', async () => {
    withAllowList('lk.other-partner.ru');
    expect((await call('/app/webview?url=https%3A%2F%2Flk.other-partner.ru%2F')).headers.get('location')).toBe(
      'https://lk.other-partner.ru/',
    );
    expect((await call('/app/webview?url=https%3A%2F%2Fpay.partner-bank.example%2F')).status).toBe(404);
  });

  it("answers a refused webview target with the site's 404 page", async () => {
    const fetchMock = vi.fn(async () => new Response('<h1>Страница не найдена</h1>', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const response = await call('/app/webview?url=javascript%3Aalert(1)');
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('<h1>Страница не найдена</h1>');
    expect(fetchMock).toHaveBeenCalledWith(new URL('https://shtrafy.test/404/'));
    expect(context.next).not.toHaveBeenCalled();
  });

  it('falls back to a plain 404 when the 404 page cannot be fetched', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new Error('offline'))));
    const response = await call('/app/webview?url=https%3A%2F%2Fevil.com');
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('Нет страницы по адресу /app/webview');
  });

  it('runs on every path but the assets and the API', () => {
    expect(config.path).toBe('/*');
    expect(config.excludedPath).toEqual(expect.arrayContaining(['/_astro/*', '/api/*', '/105/*', '/coordinates/*']));
  });
});

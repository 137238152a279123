import { describe, expect, it } from 'vitest';
import { readSiteConfig } from '../../../src/lib/siteConfig.ts';
import { thirdPartyOrigins, thirdPartyScripts } from '../../../src/lib/thirdParty.ts';

const all = readSiteConfig({
  PUBLIC_METRIKA_ID: '123',
  PUBLIC_TRACKER_SRC: 'https://tracker.example.com/t.js',
  PUBLIC_SALES_CHAT_SRC: 'https://sales.example.com/chat.js',
  PUBLIC_SUPPORT_CHAT_SRC: 'https://support.example.com/chat.js',
  PUBLIC_MAPS_API_KEY: 'key',
  PUBLIC_PDF_LIB_SRC: 'https://cdn.example.com/pdf.js',
});
const ids = (list: { id: string }[]) => list.map((s) => s.id);

describe('third-party scripts', () => {
  it('loads nothing when nothing is configured', () => {
    expect(thirdPartyScripts(readSiteConfig({}), '/', { maps: true, pdf: true, salesChat: true, supportChat: true })).toEqual([]);
  });

  it('loads analytics and the tracker everywhere, the rest only where a page needs it', () => {
    expect(ids(thirdPartyScripts(all, '/news/'))).toEqual(['metrika', 'tracker']);
    expect(ids(thirdPartyScripts(all, '/widget-test-page/', { supportChat: true }))).toEqual(['metrika', 'tracker', 'supportChat']);
    expect(ids(thirdPartyScripts(all, '/webview/ordinances-map/', { maps: true }))).toContain('maps');
  });

  it('gives the sales chat a 991 px minimum width', () => {
    expect(thirdPartyScripts(all, '/legal-entities/', { salesChat: true }).find((s) => s.id === 'salesChat')?.minWidth).toBe(991);
  });

  it.each(['/push/alerts/', '/forms/keyauto/'])('hides the chats on %s', (path) => {
    expect(ids(thirdPartyScripts(all, path, { salesChat: true, supportChat: true }))).toEqual(['metrika', 'tracker']);
  });

  it('lists the origins for the CSP', () => {
    expect(thirdPartyOrigins(all)).toEqual(
      expect.arrayContaining(['https://mc.yandex.ru', 'https://sales.example.com', 'https://support.example.com', 'https://api-maps.yandex.ru']),
    );
  });
});

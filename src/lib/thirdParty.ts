import type { SiteConfig } from './siteConfig.ts';

/** A third-party script a page may load, after the page has rendered. */
export type ThirdPartyScript = {
  id: 'metrika' | 'tracker' | 'salesChat' | 'supportChat' | 'maps' | 'pdf';
  src: string;
  /** Load only when the viewport is at least this wide (sales chat: 991 px, spec §9). */
  minWidth?: number;
};

/** Which features a page uses; only those pages load the heavy or page-specific scripts. */
export type PageNeeds = { maps?: boolean; pdf?: boolean; salesChat?: boolean; supportChat?: boolean };

/** Support chat and the mobile splash are hidden on paths containing /push/ or /forms/ (spec §2). */
export const isChatHiddenPath = (path: string) => path.includes('/push/') || path.includes('/forms/');

/** The sales chat appears only at this width or more (spec §9). */
export const SALES_CHAT_MIN_WIDTH = 991;

/**
 * The third-party scripts for a page: analytics and the event tracker everywhere they are configured;
 * chats, maps and PDF only on the pages that use them (unlike spec §2, on purpose: speed). Nothing
 * whose setting is unset.
 */
export function thirdPartyScripts(config: SiteConfig, path: string, needs: PageNeeds = {}): ThirdPartyScript[] {
  const out: ThirdPartyScript[] = [];
  if (config.metrikaId) out.push({ id: 'metrika', src: `https://mc.yandex.ru/metrika/tag.js?id=${encodeURIComponent(config.metrikaId)}` });
  if (config.trackerSrc) out.push({ id: 'tracker', src: config.trackerSrc });
  if (needs.salesChat && config.salesChatSrc && !isChatHiddenPath(path)) {
    out.push({ id: 'salesChat', src: config.salesChatSrc, minWidth: SALES_CHAT_MIN_WIDTH });
  }
  if (needs.supportChat && config.supportChatSrc && !isChatHiddenPath(path)) out.push({ id: 'supportChat', src: config.supportChatSrc });
  if (needs.maps && config.mapsApiKey) {
    out.push({ id: 'maps', src: `https://api-maps.yandex.ru/v3/?apikey=${encodeURIComponent(config.mapsApiKey)}&lang=ru_RU` });
  }
  if (needs.pdf && config.pdfLibSrc) out.push({ id: 'pdf', src: config.pdfLibSrc });
  return out;
}

/** The origins of the configured third-party scripts, for the CSP's script-src and connect-src. */
export function thirdPartyOrigins(config: SiteConfig): string[] {
  const all = thirdPartyScripts(config, '/', { maps: true, pdf: true, salesChat: true, supportChat: true });
  return [...new Set(all.map((s) => new URL(s.src).origin))];
}

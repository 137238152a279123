// On a page whose first screen is static HTML (a fine's page: its introduction, and the amount the
// inline script paints), the page's code only competes with that first paint: on a phone the HTML,
// the API reply and a dozen scripts share one slow link, and every script that arrives before the
// paint delays it (issue 27: Lighthouse's LCP of the fine page 1.5 s with them, 0.7–1.0 s without).
// Such a page asks, with AFTER_FIRST_PAINT_MARK, that its module scripts start after the first frame:
// the build (src/integrations/scriptsAfterPaint.ts) takes its <script type="module" src> tags out and
// puts AFTER_FIRST_PAINT_LOADER at the end of the body, which adds them (and the preloads of what
// they import) once the first frame is painted. Its islands use client:painted the same way.

/** The meta tag a page puts in its head to have its module scripts start after its first paint. */
export const AFTER_FIRST_PAINT_MARK = '<meta name="module-scripts" content="after-first-paint">';

/** The window event the loader sends when the style sheets it added have loaded (or failed): islands may hydrate. */
export const AFTER_PAINT_STYLES_EVENT = 'after-paint-styles';

/** The window property the loader sets to true at the same moment (for an island that looks after the event). */
export const AFTER_PAINT_STYLES_READY = '__afterPaintStyles';

/** How long the loader waits for a frame at most (a page opened in a background tab paints no frames). */
export const AFTER_FIRST_PAINT_FALLBACK_MS = 250;

/**
 * The inline loader, constant text so that its CSP hash is known before the build
 * (src/integrations/inlineScriptHashes.ts). It reads from its own attributes (JSON arrays of site
 * paths) the style sheets to add (data-styles: the page's CSS its first paint does not use), the chunks
 * to preload (data-preloads) and the scripts (data-modules), and adds them in that order, the scripts in
 * order of execution (async = false), after the next frame or the fallback time; once the sheets have
 * loaded it says so (AFTER_PAINT_STYLES_EVENT), and client:painted islands hydrate.
 */
export const AFTER_FIRST_PAINT_LOADER = `(function (d, w) {
  var holder = d.currentScript;
  var modules = JSON.parse(holder.getAttribute('data-modules') || '[]');
  var preloads = JSON.parse(holder.getAttribute('data-preloads') || '[]');
  var styles = JSON.parse(holder.getAttribute('data-styles') || '[]');
  var started = false;
  var waiting = styles.length;
  function styled() {
    waiting -= 1;
    if (waiting > 0) return;
    w.${AFTER_PAINT_STYLES_READY} = true;
    w.dispatchEvent(new Event('${AFTER_PAINT_STYLES_EVENT}'));
  }
  function start() {
    if (started) return;
    started = true;
    styles.forEach(function (href) {
      var sheet = d.createElement('link');
      sheet.rel = 'stylesheet';
      sheet.href = href;
      sheet.onload = styled;
      sheet.onerror = styled;
      d.head.appendChild(sheet);
    });
    if (styles.length === 0) { waiting = 1; styled(); }
    preloads.forEach(function (href) {
      var link = d.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      d.head.appendChild(link);
    });
    modules.forEach(function (src) {
      var script = d.createElement('script');
      script.type = 'module';
      script.async = false;
      script.src = src;
      d.body.appendChild(script);
    });
  }
  w.requestAnimationFrame(function () { w.setTimeout(start, 0); });
  w.setTimeout(start, ${AFTER_FIRST_PAINT_FALLBACK_MS});
})(document, window);`;

/** The scripts a built page's after-paint loader adds (its data-modules attribute), for the page-weight report. */
export function afterPaintModulesOf(html: string): string[] {
  const list = /<script data-modules='([^']*)'/.exec(html)?.[1];
  return list === undefined ? [] : (JSON.parse(list.replace(/&#39;/g, "'").replace(/&amp;/g, '&')) as string[]);
}

// A page that starts its scripts after its first paint keeps inline only the CSS its built HTML can use (issue 27); a rule wrongly deferred leaves the first screen unstyled.
import { describe, expect, it } from 'vitest';
import { pageNames, splitFirstPaintCss } from '../../../src/integrations/firstPaintCss.ts';

/** A built page: its elements' classes and ids, an inline script that sets a class, and the after-paint loader. */
const page = (css = '') =>
  `<html><head><style>${css}</style></head>` +
  `<body class="page" id="top"><header class='site-header  wide'><nav class=menu id=main-nav>menu</nav></header>` +
  `<main><p data-state="open">text</p><input type="text"></main>` +
  `<script>document.body.classList.add('has-app-banner')</script>` +
  `<script data-modules='["/_astro/page.A1.js"]' data-preloads='[]'>var lightbox = 'receipt-dialog';</script></body></html>`;

/** The split of `rules` (minified, as the build writes them) against the page. */
const split = (...rules: string[]) => splitFirstPaintCss(rules.join(''), page(rules.join('')));

describe('the CSS a page’s first paint can use', () => {
  it('keeps a rule whose class an element has, and defers a rule naming a class nothing has', () => {
    const { first, later } = split('.menu{color:red}', '.payment-step{display:grid}');
    expect(first).toBe('.menu{color:red}');
    expect(later).toBe('.payment-step{display:grid}');
  });

  it('defers a compound or descendant selector when any class it needs is missing', () => {
    const { first, later } = split('.page .menu{a:b}', '.site-header.wide{c:d}', '.page .payment-step{e:f}', '.menu.open{g:h}');
    expect(first).toBe('.page .menu{a:b}.site-header.wide{c:d}');
    expect(later).toBe('.page .payment-step{e:f}.menu.open{g:h}');
  });

  it('keeps a selector list when any of its selectors can match, and defers it when none can', () => {
    const { first, later } = split('.payment-step,.menu{a:b}', '.payment-step,.map-pin{c:d}');
    expect(first).toBe('.payment-step,.menu{a:b}');
    expect(later).toBe('.payment-step,.map-pin{c:d}');
  });

  it('splits a @media block rule by rule, each half keeping the media condition', () => {
    const { first, later } = split('@media (min-width:600px){.menu{a:b}.receipt{c:d}p{e:f}}', '@media print{.wide{g:h}}');
    expect(first).toBe('@media (min-width:600px){.menu{a:b}p{e:f}}@media print{.wide{g:h}}');
    expect(later).toBe('@media (min-width:600px){.receipt{c:d}}');
  });

  it('keeps selectors whose match does not need every name they hold: :not, :is, :where, :has', () => {
    const rules = ['.menu:not(.payment-step){a:b}', ':is(.payment-step,.map){c:d}', ':where(.payment-step) p{e:f}', '.receipt:has(.map){g:h}'];
    const { first, later } = split(...rules);
    expect(first).toBe(rules.join(''));
    expect(later).toBe('');
  });

  it('keeps element, universal and attribute selectors, whatever the attribute names', () => {
    const rules = ['p{a:b}', '*,::before{c:d}', '[data-state=open]{e:f}', 'input[type="text"]{g:h}', 'a[href="#payment-step"]{i:j}', '[class~=".receipt"]{k:l}'];
    const { first, later } = split(...rules);
    expect(first).toBe(rules.join(''));
    expect(later).toBe('');
  });

  it('keeps @keyframes, @font-face, statements such as @import, and rules holding nested rules', () => {
    const rules = ['@import url(/x.css);', '@font-face{font-family:F;src:url(/f.woff2)}', '@keyframes receipt{from{opacity:0}to{opacity:1}}', '.payment-step{&:hover{a:b}}'];
    const { first, later } = split(...rules);
    expect(first).toBe(rules.join(''));
    expect(later).toBe('');
  });

  it('treats id selectors like classes', () => {
    const { first, later } = split('#top{a:b}', '#main-nav .menu{c:d}', '#payment-form{e:f}', '#top .receipt{g:h}');
    expect(first).toBe('#top{a:b}#main-nav .menu{c:d}');
    expect(later).toBe('#payment-form{e:f}#top .receipt{g:h}');
  });

  it('keeps a rule whose class only an inline script sets (the app banner on the body)', () => {
    const { first, later } = split('.has-app-banner .site-header{top:56px}');
    expect(first).toBe('.has-app-banner .site-header{top:56px}');
    expect(later).toBe('');
  });

  it('does not count the words of the after-paint loader script', () => {
    const { first, later } = split('.lightbox{a:b}', '.receipt-dialog{c:d}');
    expect(first).toBe('');
    expect(later).toBe('.lightbox{a:b}.receipt-dialog{c:d}');
  });

  it('does not count the class names the style sheet itself holds', () => {
    expect(pageNames(page('.payment-step{a:b}'))).not.toContain('payment-step');
  });

  it('is not thrown off by braces inside strings or comments in a declaration', () => {
    const rules = ['.payment-step::after{content:"}"}', '.menu::before{content:\'{\'}', '.receipt{/* } */color:red}', '.wide{background:url("a{b}.png")}'];
    const { first, later } = split(...rules);
    expect(first).toBe(".menu::before{content:'{'}.wide{background:url(\"a{b}.png\")}");
    expect(later).toBe('.payment-step::after{content:"}"}.receipt{/* } */color:red}');
  });

  it('steps over escaped quotes inside a string', () => {
    const { first, later } = split('.gone{content:"\\"}"}', '.menu{a:b}');
    expect(later).toBe('.gone{content:"\\"}"}');
    expect(first).toBe('.menu{a:b}');
  });

  it('keeps a selector whose class is written with escapes (it is not read)', () => {
    const { first, later } = split('.md\\:flex{display:flex}');
    expect(first).toBe('.md\\:flex{display:flex}');
    expect(later).toBe('');
  });

  it('loses no rule: every rule is in exactly one of the halves', () => {
    const rules = [
      ':root{--c:red}',
      '.menu{a:b}',
      '.payment-step{c:d}',
      '.menu,.map{e:f}',
      '#top .receipt{g:h}',
      '.page:not(.x){i:j}',
      'p{content:"}"}',
      '@keyframes k{0%{o:0}}',
      '.lightbox{k:l}',
      '.has-app-banner{m:n}',
    ];
    const { first, later } = split(...rules);
    for (const rule of rules) expect([first.includes(rule), later.includes(rule)].filter(Boolean)).toHaveLength(1);
    expect(first.length + later.length).toBe(rules.join('').length);
  });
});

describe('the names the page as built can have', () => {
  it('reads class and id attributes in double quotes, single quotes and without quotes', () => {
    const names = pageNames(page());
    for (const name of ['page', 'top', 'site-header', 'wide', 'menu', 'main-nav']) expect(names).toContain(name);
    expect(names).not.toContain('');
  });

  it('counts every word of an inline script, but none of the after-paint loader’s', () => {
    const names = pageNames(page());
    expect(names).toContain('has-app-banner');
    expect(names).not.toContain('lightbox');
    expect(names).not.toContain('receipt-dialog');
  });
});

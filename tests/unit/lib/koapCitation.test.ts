import { describe, expect, it } from 'vitest';
import { KOAP_ARTICLES } from '../../../src/lib/koapArticles.ts';
import { GLUED_ARTICLE_PATTERN, articleLabel, koapCitation } from '../../../src/lib/koapCitation.ts';
import { discountReminderMail, newItemsMail } from '../../../server/notifications/notificationMails.ts';
import type { NotifiedItem } from '../../../server/notifications/newItems.ts';
import { fleetCsv } from '../../../server/organizations/fleetExport.ts';

/** Every place that writes an article goes through articleLabel: «ч. 2 ст. 12.9 КоАП РФ», never «ст. 12.9.2» (issue 24, item 11). */
describe('articleLabel: one way to write an article', () => {
  it.each([
    ['12.9.2', 'ч. 2 ст. 12.9 КоАП РФ'],
    ['12.9.6', 'ч. 6 ст. 12.9 КоАП РФ'],
    ['12.16.5', 'ч. 5 ст. 12.16 КоАП РФ'],
    ['12.16.3.1', 'ч. 3.1 ст. 12.16 КоАП РФ'],
    ['12.17.1.2', 'ч. 1.2 ст. 12.17 КоАП РФ'],
    ['12.5.3.1', 'ч. 3.1 ст. 12.5 КоАП РФ'],
    ['12.1.1.1', 'ч. 1.1 ст. 12.1 КоАП РФ'],
    // Articles whose own number has three parts: their parts come after them.
    ['12.21.4.1', 'ч. 1 ст. 12.21.4 КоАП РФ'],
    ['12.21.3.1', 'ч. 1 ст. 12.21.3 КоАП РФ'],
    ['12.36.1', 'ст. 12.36.1 КоАП РФ'],
    // A whole article.
    ['12.6', 'ст. 12.6 КоАП РФ'],
    ['12.18', 'ст. 12.18 КоАП РФ'],
    [' 12.9.2 ', 'ч. 2 ст. 12.9 КоАП РФ'],
    // Not our code: left as it came (a source that already wrote it out), or nothing.
    ['ч. 2 ст. 12.9 КоАП РФ', 'ч. 2 ст. 12.9 КоАП РФ'],
    ['что-то', 'что-то'],
    ['', ''],
  ])('%j → %j', (code, label) => expect(articleLabel(code)).toBe(label));

  it.each([
    ['12.9.2', 'ч. 2 ст. 12.9'],
    ['12.21.4.2', 'ч. 2 ст. 12.21.4'],
    ['12.6', 'ст. 12.6'],
  ])('the citation without the code name: %s → %s', (code, citation) => expect(koapCitation(code)).toBe(citation));

  it('writes every article of the table without gluing the part to the article', () => {
    for (const { article } of KOAP_ARTICLES) {
      const label = articleLabel(article);
      expect(label, article).toMatch(/^(ч\. [\d.]+ )?ст\. \d+\.\d+(\.\d)? КоАП РФ$/);
      expect(label.match(GLUED_ARTICLE_PATTERN), label).toBeNull();
    }
  });

  it.each([
    ['ст. 12.9.2 КоАП', true],
    ['ст.12.16.5', true],
    ['ст. 12.21.4.1', true],
    ['ч. 2 ст. 12.9 КоАП РФ', false],
    ['ч. 1 ст. 12.21.4 КоАП РФ', false],
    ['ст. 12.36.1 КоАП РФ', false],
    ['ст. 20.25 КоАП РФ', false],
    ['ч. 2 ст. 2.6.1 КоАП', false],
    ['ст. 12.31.1 КоАП РФ', false],
    ['ст. 12.21.45', true],
    ['Источники: КоАП РФ, ст. 12.21.4.', false],
    ['ст. 12.9.2.', true],
  ])('the scan pattern finds %j: %s', (text, found) => expect(text.match(GLUED_ARTICLE_PATTERN) !== null).toBe(found));
});

const LINKS = { siteUrl: 'https://shtrafy.example.ru', unsubscribeUrl: 'https://shtrafy.example.ru/unsubscribe/' };

/** A new fine as the notification keeps it. */
const notified = (article: string, ref: number): NotifiedItem => ({
  id: `fine-${ref}`,
  kind: 'fine',
  ref,
  identifier: '9941123456',
  identifierType: 'sts',
  title: 'Превышение скорости',
  article,
  number: `1881017725061200${String(ref).padStart(4, '0')}`,
  amount: 1500,
  amountToPay: 1125,
  discountActive: true,
  discountLastDay: '2026-12-12',
  date: '2026-11-12',
  vehiclePlate: 'А123ВС 77',
  issuer: 'ЦАФАП ГИБДД ГУ МВД России по г. Москве',
});

describe('mails write articles the one way', () => {
  const articles = KOAP_ARTICLES.map((row) => row.article);

  it('the new-fines mail, text and HTML', () => {
    const mail = newItemsMail('driver@example.ru', articles.map(notified), LINKS);
    for (const body of [mail.text, mail.html]) {
      expect(body.match(GLUED_ARTICLE_PATTERN)).toBeNull();
      expect(body).toContain('(ч. 2 ст. 12.9 КоАП РФ)');
    }
  });

  it('the discount reminder, its text, HTML and calendar file', () => {
    const fines = articles.map((article, i) => ({ fineId: i + 1, uin: `1881017725061200${String(i).padStart(4, '0')}`, title: 'Превышение скорости', article, amount: 1500, amountToPay: 1125, discountLastDay: '2026-12-12' }));
    const mail = discountReminderMail('driver@example.ru', fines, LINKS, new Date('2026-12-10T09:00:00+03:00'));
    const calendar = (mail.attachments ?? []).map((file) => String(file.content)).join('\n');
    for (const body of [mail.text, mail.html, calendar.replace(/\r\n /g, '')]) expect(body.match(GLUED_ARTICLE_PATTERN)).toBeNull();
    expect(mail.text).toContain('(ч. 2 ст. 12.9 КоАП РФ)');
  });
});

describe('the fleet export writes articles the one way', () => {
  it('its «Статья КоАП» column holds «ч. 2 ст. 12.9 КоАП РФ»', () => {
    const fine = {
      id: 1, organizationId: 1, organizationName: 'ООО «Флот»', vehicleId: 1, driverId: null, foundBy: 'А123ВС 77', uin: '18810177250612002172',
      article: '12.9.2', articleTitle: 'Превышение скорости на 20–40 км/ч', rulingDate: '2026-06-12', place: 'Москва', fullAmount: 750, amountToPay: 562.5,
      fullAmountKopecks: 75_000, amountToPayKopecks: 56_250, discountActive: true, discountLastDay: '2026-07-12', paid: false, masked: false,
    };
    const csv = new TextDecoder().decode(fleetCsv([fine]));
    expect(csv).toContain(';ч. 2 ст. 12.9 КоАП РФ;');
    expect(csv.match(GLUED_ARTICLE_PATTERN)).toBeNull();
  });
});

import { formatDateLong } from '../../src/lib/dates.ts';
import { discountCalendar } from '../../src/lib/ics.ts';
import type { DiscountEvent } from '../../src/lib/ics.ts';
import { formatRub } from '../../src/lib/money.ts';
import { plural } from '../../src/lib/plural.ts';
import { mailHtml, mailText } from '../mail/layout.ts';
import type { MailContent } from '../mail/layout.ts';
import type { MailMessage } from '../mail/message.ts';
import type { NotifiedItem } from './newItems.ts';
import { articleLabel } from '../../src/lib/koapCitation.ts';

/** Where a notification's links lead: the site, and the one-click unsubscribe address (RFC 8058). */
export type MailLinks = { siteUrl: string; unsubscribeUrl: string };

/** The document an item was found by, as a person reads it. */
function foundBy(item: Pick<NotifiedItem, 'identifier' | 'identifierType'>): string {
  const kinds: Record<string, string> = { sts: 'СТС', dl: 'водительскому удостоверению', inn: 'ИНН', plate: 'госномеру', vin: 'VIN', uin: 'номеру постановления' };
  return `по ${kinds[item.identifierType] ?? 'документу'} ${item.identifier}`;
}

/** The page of an item: a fine's own page, the profile for taxes and debts. */
export function itemUrl(siteUrl: string, item: Pick<NotifiedItem, 'kind' | 'ref'>): string {
  return item.kind === 'fine' ? `${siteUrl}/fines/${item.ref}/` : `${siteUrl}/profile/`;
}

/** What to pay and until when: the discount and its last day when one runs. */
function amountLine(item: NotifiedItem): string {
  if (item.discountActive && item.discountLastDay !== null) {
    return `К оплате ${formatRub(item.amountToPay)} со скидкой до ${formatDateLong(item.discountLastDay)} включительно (без скидки ${formatRub(item.amount)})`;
  }
  return `К оплате ${formatRub(item.amountToPay)}`;
}

/** RFC 8058 headers that let a mail client unsubscribe with one click. */
function unsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** The closing lines of every notification: why it came and how to stop it. */
function footerNote(links: MailLinks): string {
  return `Вы получили это письмо, потому что включили уведомления о новых штрафах. Отписаться: ${links.unsubscribeUrl}`;
}

/** A mail from its content, with the unsubscribe headers. */
function compose(to: string, subject: string, content: MailContent, links: MailLinks, extra: Partial<MailMessage> = {}): MailMessage {
  return { to, subject, text: mailText(content), html: mailHtml(content), headers: unsubscribeHeaders(links.unsubscribeUrl), ...extra };
}

/** One mail about everything a check found: fines, taxes, debts, each with its document, amount, discount and link. */
export function newItemsMail(to: string, items: readonly NotifiedItem[], links: MailLinks): MailMessage {
  const fines = items.filter((i) => i.kind === 'fine').length;
  const total = items.reduce((sum, i) => sum + Math.round(i.amountToPay * 100), 0) / 100;
  const subject =
    items.length === 1 && fines === 1
      ? `Новый штраф ${foundBy(items[0] as NotifiedItem)}: ${formatRub(total)}`
      : `Новые начисления: ${items.length} ${plural(items.length, ['начисление', 'начисления', 'начислений'])} на ${formatRub(total)}`;
  const discounted = items.filter((i) => i.discountActive && i.discountLastDay !== null);
  return compose(
    to,
    subject,
    {
      heading: items.length === 1 ? 'Найдено новое начисление' : `Найдено новых начислений: ${items.length}`,
      paragraphs: [
        'Мы проверили ваши документы и нашли то, чего не было при прошлой проверке.',
        ...(discounted.length > 0 ? ['Оплатите штрафы со скидкой до её последнего дня — так выйдет дешевле.'] : []),
      ],
      entries: items.map((item) => ({
        title: item.kind === 'fine' && item.article !== null ? `${item.title} (${articleLabel(item.article)})` : item.title,
        lines: [
          `Найдено ${foundBy(item)}${item.vehiclePlate === null ? '' : `, автомобиль ${item.vehiclePlate}`}`,
          `${item.kind === 'fssp' ? 'Производство' : item.kind === 'tax' ? 'УИН' : 'Постановление'} ${item.number} от ${formatDateLong(item.date)}`,
          amountLine(item),
        ],
        url: itemUrl(links.siteUrl, item),
      })),
      action: { label: 'Открыть мои штрафы', url: `${links.siteUrl}/profile/` },
      note: footerNote(links),
      siteUrl: links.siteUrl,
    },
    links,
  );
}

/** A fine whose discount ends soon, as the reminder lists it. */
export type ReminderFine = { fineId: number; uin: string; title: string; article: string; amount: number; amountToPay: number; discountLastDay: string };

/** One reminder about discounts that end within 3 days, with an .ics (RFC 5545) event on each last day. */
export function discountReminderMail(to: string, fines: readonly ReminderFine[], links: MailLinks, now: Date): MailMessage {
  const host = new URL(links.siteUrl).hostname;
  const events: DiscountEvent[] = fines.map((fine) => ({
    uid: `discount-${fine.uin}@${host}`,
    summary: `Последний день скидки: штраф ${formatRub(fine.amountToPay)} вместо ${formatRub(fine.amount)}`,
    lastDay: fine.discountLastDay,
    description: `Постановление ${fine.uin}, ${articleLabel(fine.article)}: ${fine.title}. Оплатить: ${links.siteUrl}/fines/${fine.fineId}/`,
    url: `${links.siteUrl}/fines/${fine.fineId}/`,
  }));
  const nearest = [...fines].sort((a, b) => (a.discountLastDay < b.discountLastDay ? -1 : 1))[0];
  return compose(
    to,
    fines.length === 1 ? `Скидка на штраф заканчивается ${formatDateLong(nearest?.discountLastDay ?? '')}` : `Скидки на ${fines.length} ${plural(fines.length, ['штраф', 'штрафа', 'штрафов'])} скоро закончатся`,
    {
      heading: 'Скидка скоро закончится',
      paragraphs: ['Успейте оплатить со скидкой: после её последнего дня придётся платить полную сумму. Во вложении — событие для календаря.'],
      entries: fines.map((fine) => ({
        title: fine.article === '' ? fine.title : `${fine.title} (${articleLabel(fine.article)})`,
        lines: [`Постановление ${fine.uin}`, `${formatRub(fine.amountToPay)} вместо ${formatRub(fine.amount)} — до ${formatDateLong(fine.discountLastDay)} включительно`],
        url: `${links.siteUrl}/fines/${fine.fineId}/`,
      })),
      action: { label: 'Оплатить со скидкой', url: `${links.siteUrl}/profile/` },
      note: footerNote(links),
      siteUrl: links.siteUrl,
    },
    links,
    { attachments: [{ filename: 'skidka.ics', content: discountCalendar(events, now), contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }] },
  );
}

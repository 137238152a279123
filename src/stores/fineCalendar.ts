import type { Fine } from '../api/structs/fine.ts';
import { discountCalendar } from '../lib/ics.ts';
import { formatRub } from '../lib/money.ts';
import { articleLabel } from '../lib/koapCitation.ts';

/** The .ics (RFC 5545) of a fine's discount: an all-day event on its last day; undefined when no discount runs. */
export function discountCalendarFile(fine: Fine, pageUrl: string, now: Date): { filename: string; content: string } | undefined {
  if (!fine.discountActive || fine.discountLastDay === null || fine.paid) return undefined;
  const host = new URL(pageUrl).hostname;
  const content = discountCalendar(
    [
      {
        uid: `discount-${fine.uin}@${host}`,
        summary: `Последний день скидки: штраф ${formatRub(fine.amountToPay)} вместо ${formatRub(fine.fullAmount)}`,
        lastDay: fine.discountLastDay,
        description: `Постановление ${fine.uin}, ${articleLabel(fine.article)}: ${fine.articleTitle}. Оплатить: ${pageUrl}`,
        url: pageUrl,
      },
    ],
    now,
  );
  return { filename: `skidka-${fine.uin}.ics`, content };
}

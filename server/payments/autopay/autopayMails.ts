import { formatKopecks } from '../../../src/lib/paymentTotals.ts';
import type { AppDeps } from '../../appDeps.ts';
import { readUser } from '../../accounts/accountStore.ts';
import { mailHtml, mailText } from '../../mail/layout.ts';
import type { MailContent } from '../../mail/layout.ts';
import { deliver } from '../../notifications/deliver.ts';
import { AUTOPAY_PAGE } from './binding.ts';
import { cancelLink } from './cancelLinks.ts';
import type { ChargeRow } from './chargeStore.ts';

/** Where the user manages the autopay a charge is of: the profile, or the organization cabinet for a fleet's fine. */
export const managePage = (charge: Pick<ChargeRow, 'organization_id'>) => (charge.organization_id === null ? AUTOPAY_PAGE : '/organization/');

/** A moment as people in Moscow read it: '17.03.2026, 10:00'. */
export function moscowTime(at: Date): string {
  return at.toLocaleString('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** 'YYYY-MM-DD' as '17.03.2026'. */
const day = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/** What an autopay notice says: the mail's subject and body, and the push. */
type Notice = { kind: string; subject: string; content: Omit<MailContent, 'siteUrl'>; push: { title: string; body: string; url: string } };

/** Records the notice with the user's notifications and sends its mail and push (autopay notices go whatever doNotify says: they are about money). */
async function send(deps: AppDeps, userId: number, charge: ChargeRow, notice: Notice): Promise<boolean> {
  const user = await readUser(deps.db, userId);
  if (user === undefined || user.email === null) return false;
  const row = await deps.db.insertInto('notifications').values({ user_id: userId, kind: notice.kind, items: JSON.stringify([{ chargeId: charge.id, uin: charge.uin }]), created_at: deps.clock(), mailed_at: null }).returning('id').executeTakeFirstOrThrow();
  const content: MailContent = { ...notice.content, siteUrl: deps.siteUrl };
  const link = notice.content.action?.url ?? `${deps.siteUrl}${managePage(charge)}`;
  const delivery = await deliver(deps, row.id, userId, { to: user.email, subject: notice.subject, text: mailText(content), html: mailHtml(content), link }, notice.push);
  return delivery.mailed;
}

/** «Оплатим {сумма} {дата, время} — отменить»: the mail and push when a fine is scheduled. */
export function sendScheduledNotice(deps: AppDeps, charge: ChargeRow): Promise<boolean> {
  const amount = formatKopecks(Number(charge.amount_kopecks));
  const when = moscowTime(charge.charge_at);
  const cancel = cancelLink(deps.siteUrl, deps.notifySecret, charge.id, charge.user_id, deps.clock());
  return send(deps, charge.user_id, charge, {
    kind: 'autopay_scheduled',
    subject: `Оплатим ${amount} ${when} — отменить`,
    content: {
      heading: `Оплатим ${amount} ${when}`,
      paragraphs: [
        `Новый штраф по постановлению ${charge.uin}: скидка действует до ${day(charge.discount_last_day)} включительно.`,
        `Автооплата спишет ${amount} с привязанной карты ${when} (по Москве) плюс комиссию сервиса. Перед списанием мы ещё раз проверим, что штраф не оплачен.`,
        'Если платить не нужно — отмените по кнопке ниже, входить в аккаунт не требуется.',
      ],
      action: { label: 'Отменить автооплату этого штрафа', url: cancel },
      note: charge.organization_id === null ? 'Письмо пришло, потому что вы включили автооплату штрафов в профиле.' : 'Письмо пришло, потому что вы включили автооплату штрафов автопарка в кабинете организации.',
    },
    push: { title: `Оплатим ${amount} ${when}`, body: `Постановление ${charge.uin}. Отменить — по ссылке`, url: cancel },
  });
}

/** Above a limit: the user is asked to pay by hand (or raise the limit). */
export function sendAskNotice(deps: AppDeps, charge: ChargeRow, why: string): Promise<boolean> {
  const amount = formatKopecks(Number(charge.amount_kopecks));
  return send(deps, charge.user_id, charge, {
    kind: 'autopay_ask',
    subject: `Штраф ${amount} не оплачен автоматически: подтвердите оплату`,
    content: {
      heading: 'Нужно ваше решение',
      paragraphs: [`Штраф по постановлению ${charge.uin} на ${amount}: ${why}.`, `Оплатите его сами до ${day(charge.discount_last_day)}, чтобы успеть со скидкой, или поднимите лимит автооплаты в ${charge.organization_id === null ? 'профиле' : 'кабинете организации'}.`],
      action: { label: 'Открыть автооплату', url: `${deps.siteUrl}${managePage(charge)}` },
    },
    push: { title: 'Подтвердите оплату штрафа', body: `${amount}: ${why}`, url: `${deps.siteUrl}${managePage(charge)}` },
  });
}

/** The charge was declined twice (or too late to retry): pay by hand before the discount ends. */
export function sendDeclinedNotice(deps: AppDeps, charge: ChargeRow, reason: string): Promise<boolean> {
  const amount = formatKopecks(Number(charge.amount_kopecks));
  return send(deps, charge.user_id, charge, {
    kind: 'autopay_declined',
    subject: `Банк отклонил автооплату штрафа ${amount}`,
    content: {
      heading: 'Оплатите штраф вручную',
      paragraphs: [`Списание за штраф по постановлению ${charge.uin} не прошло: ${reason}.`, `Оплатите его вручную до ${day(charge.discount_last_day)} включительно — тогда скидка сохранится.`],
      action: { label: 'Оплатить вручную', url: `${deps.siteUrl}${managePage(charge)}` },
    },
    push: { title: 'Автооплата не прошла', body: `Оплатите штраф ${amount} до ${day(charge.discount_last_day)}`, url: `${deps.siteUrl}${managePage(charge)}` },
  });
}

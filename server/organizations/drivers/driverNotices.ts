import { sql } from 'kysely';
import { articleLabel } from '../../../src/lib/koapCitation.ts';
import { plateRegionTimeZone } from '../../../src/lib/legalFacts/regionTimeZones.ts';
import { formatKopecks } from '../../../src/lib/paymentTotals.ts';
import { toKopecks } from '../../../src/api/structs/fields.ts';

import { subscriptionState } from '../../../src/lib/subscription.ts';
import { dateTimeInstant, zonedLocal } from '../../../src/lib/zonedTime.ts';
import type { AppDeps } from '../../appDeps.ts';
import type { FineRow } from '../../db/schema.ts';
import { todayOf } from '../../fines/fineStore.ts';
import { toFine } from '../../fines/fineView.ts';
import { mailHtml, mailText } from '../../mail/layout.ts';
import type { MailContent } from '../../mail/layout.ts';
import type { MailMessage } from '../../mail/message.ts';
import { matchOrganizationFines } from './driverMatching.ts';

/** Roubles as the mail writes them: «3 750 ₽», kopecks only when there are some. */
const formatRub = (roubles: number) => formatKopecks(toKopecks(roubles));

/** Tries to mail one notice at most (then it is left, as the account notifications do). */
const MAX_ATTEMPTS = 5;

/** 'DD.MM.YYYY' from 'YYYY-MM-DD'. */
const ruDay = (iso: string) => iso.slice(0, 10).split('-').reverse().join('.');

/** The mail to a driver about one fine matched to them: what, where, when, how much, until when with the discount. */
export function driverFineMail(to: string, organizationName: string, fine: FineRow, today: string, siteUrl: string): MailMessage {
  const view = toFine(fine, today);
  const zone = plateRegionTimeZone(fine.plate_region);
  const instant = dateTimeInstant(view.violationAt, zone);
  const when = instant === undefined ? ruDay(view.violationAt) : `${ruDay(zonedLocal(instant, zone))} в ${zonedLocal(instant, zone).slice(11, 16)}`;
  const lines = [
    `Нарушение: ${articleLabel(view.article)} — ${view.articleTitle}`,
    `Где: ${view.place.address}`,
    `Когда: ${when}`,
    `Автомобиль: ${view.vehiclePlateNumber} ${view.vehiclePlateRegion}`,
    `Постановление: ${view.uin} от ${ruDay(view.rulingDate)}`,
    `Сумма: ${formatRub(view.amountToPay)}${view.discountActive && view.discountLastDay !== null ? `, со скидкой до ${ruDay(view.discountLastDay)} включительно (без скидки — ${formatRub(view.fullAmount)})` : ''}`,
  ];
  const content: MailContent = {
    heading: 'Штраф за время вашей смены',
    paragraphs: [`${organizationName} сообщает: по путевому листу в это время автомобилем управляли вы. Штраф пришёл на организацию.`],
    entries: [{ title: `${articleLabel(view.article)}: ${formatRub(view.amountToPay)}`, lines }],
    note: 'Письмо отправлено, потому что организация включила уведомления водителей в кабинете. Если вы не были за рулём в это время, сообщите работодателю.',
    siteUrl,
  };
  return { to, subject: `Штраф ${formatRub(view.amountToPay)} за ${when}`, text: mailText(content), html: mailHtml(content) };
}

/**
 * Mails drivers about new fines matched to them, one mail per driver and fine, once: a notice row is
 * claimed (insert … on conflict do nothing) before its mail goes, so a second run, or a second
 * process, finds nothing to send. Only organizations with a paid, running subscription that turned
 * driver mails on; only fines stored after that, unpaid; only drivers with an e-mail. A mail that
 * failed is tried again by the next runs (at most 5 times).
 */
export async function runDriverNotices(deps: AppDeps): Promise<{ mailsSent: number }> {
  const now = deps.clock();
  const today = todayOf(deps);
  const organizations = await deps.db.selectFrom('organizations').select(['id', 'name', 'subscribe_type', 'subscription_end', 'notify_drivers_since']).where('notify_drivers', '=', true).execute();
  let mailsSent = 0;
  for (const organization of organizations) {
    if (subscriptionState(organization.subscribe_type, organization.subscription_end, now).masked || organization.notify_drivers_since === null) continue;
    await matchOrganizationFines(deps.db, organization.id, now, today, { onlyNew: true });
    await sql`
      insert into fleet_driver_notices (driver_id, fine_id, created_at)
      select m.driver_id, m.fine_id, ${now} from fleet_fine_drivers m
        join fleet_drivers d on d.id = m.driver_id
        join fines f on f.id = m.fine_id
      where m.organization_id = ${organization.id} and d.email is not null and not f.paid and f.created_at > ${organization.notify_drivers_since}
      on conflict do nothing`.execute(deps.db);
    const pending = await deps.db
      .selectFrom('fleet_driver_notices as n')
      .innerJoin('fleet_drivers as d', 'd.id', 'n.driver_id')
      .innerJoin('fines as f', 'f.id', 'n.fine_id')
      .selectAll('f')
      .select(['n.driver_id', 'd.email as driver_email'])
      .where('d.organization_id', '=', organization.id)
      .where('n.mailed_at', 'is', null)
      .where('n.mail_attempts', '<', MAX_ATTEMPTS)
      .orderBy('n.created_at')
      .limit(500)
      .execute();
    for (const notice of pending) {
      if (notice.driver_email === null) continue;
      // Claimed by marking it mailed before the mail goes: a process that runs the same notice at once
      // finds it taken. A failure hands it back for the next run.
      const claimed = await deps.db
        .updateTable('fleet_driver_notices')
        .set((eb) => ({ mailed_at: now, mail_attempts: eb('mail_attempts', '+', 1) }))
        .where('driver_id', '=', notice.driver_id)
        .where('fine_id', '=', notice.id)
        .where('mailed_at', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) continue;
      const { driver_id: driverId, driver_email: email, ...fine } = notice;
      try {
        await deps.mail.send(driverFineMail(email, organization.name, fine, today, deps.siteUrl));
      } catch (error) {
        await deps.db.updateTable('fleet_driver_notices').set({ mailed_at: null }).where('driver_id', '=', driverId).where('fine_id', '=', notice.id).execute();
        deps.onUnexpectedError?.(new Error('Driver notice mail was not sent', { cause: error }));
        continue;
      }
      mailsSent += 1;
    }
  }
  return { mailsSent };
}

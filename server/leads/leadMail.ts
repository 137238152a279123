import type { LeadInput } from '../../src/api/structs/lead.ts';
import { mailHtml, mailText } from '../mail/layout.ts';
import type { MailMessage } from '../mail/message.ts';

/** The lead for the sales team: who, how to reach them, the company and fleet, where they came from; a reply goes to the lead. */
export function salesLeadMail(to: string, siteUrl: string, id: number, lead: LeadInput): MailMessage {
  const utms = Object.entries(lead.utms ?? {}).map(([key, value]) => `${key}: ${value}`);
  const content = {
    heading: `Заявка №${id} от организации`,
    paragraphs: [`Источник: ${lead.tag}.`],
    entries: [
      {
        title: 'Контакты',
        lines: [`Имя: ${lead.name}`, `Телефон: +${lead.phone}`, `E-mail: ${lead.email}`, `ИНН: ${lead.inn}`],
      },
      {
        title: 'Автопарк',
        lines: [`Автомобилей: ${lead.countAuto !== undefined && lead.countAuto > 0 ? lead.countAuto : '—'}`, `Месяцев подписки: ${lead.monthsCount !== undefined && lead.monthsCount > 0 ? lead.monthsCount : '—'}`, `Бюджет: ${lead.budget ?? '—'}`],
      },
      ...(utms.length === 0 ? [] : [{ title: 'Метки визита', lines: utms }]),
    ],
    note: 'Ответ на это письмо уйдёт автору заявки.',
    siteUrl,
  };
  return { to, subject: `Заявка №${id}: ${lead.tag}`, text: mailText(content), html: mailHtml(content), headers: { 'Reply-To': lead.email } };
}

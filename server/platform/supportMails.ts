import type { MailMessage } from '../mail/message.ts';
import { mailHtml, mailText } from '../mail/layout.ts';
import type { MailContent } from '../mail/layout.ts';
import type { NewTicket } from './supportTickets.ts';

/** A mail from its content. */
function compose(to: string, subject: string, content: MailContent, headers?: Record<string, string>): MailMessage {
  return { to, subject, text: mailText(content), html: mailHtml(content), ...(headers === undefined ? {} : { headers }) };
}

/** The ticket for the support team: everything the user sent; a reply goes straight to the user. */
export function ticketMail(to: string, siteUrl: string, id: number, ticket: NewTicket): MailMessage {
  return compose(
    to,
    `Обращение №${id}`,
    {
      heading: `Обращение №${id}`,
      paragraphs: ticket.content.split(/\n{2,}/),
      entries: [
        {
          title: 'Данные обращения',
          lines: [`E-mail: ${ticket.email}`, `Платформа: ${ticket.platform}`, `Версия приложения: ${ticket.appVersion || '—'}`, `Пользователь: ${ticket.userId ?? 'не вошёл'}`],
        },
      ],
      note: 'Ответ на это письмо уйдёт пользователю.',
      siteUrl,
    },
    { 'Reply-To': ticket.email },
  );
}

/**
 * The user's confirmation. It does not repeat the message: anyone can type any address into the
 * form, and a confirmation that quoted their text would let them mail it to strangers through us.
 */
export function ticketConfirmationMail(to: string, siteUrl: string, id: number): MailMessage {
  return compose(to, `Мы получили ваше обращение №${id}`, {
    heading: `Обращение №${id} принято`,
    paragraphs: ['Спасибо, что написали в поддержку Штрафов Онлайн. Мы ответим на этот адрес, обычно в течение одного рабочего дня.', 'Если захотите что-то добавить, просто ответьте на наше письмо с ответом.'],
    note: 'Если вы не писали в поддержку, просто не отвечайте на это письмо: кто-то ошибся адресом.',
    siteUrl,
  });
}

import type { MailMessage } from '../mail/message.ts';
import { mailHtml, mailText } from '../mail/layout.ts';

/** The page a mailed erase token opens (it takes the token out of the address at once). */
export function eraseLink(siteUrl: string, token: string): string {
  return `${siteUrl}/profile/erase/?token=${token}`;
}

/** Asks the owner to confirm the erasure of the account. */
export function eraseConfirmationMail(to: string, siteUrl: string, token: string): MailMessage {
  const content = {
    heading: 'Подтвердите удаление аккаунта',
    paragraphs: [
      'Вы попросили удалить аккаунт Штрафов Онлайн и все данные о вас: документы, найденные штрафы, уведомления, согласия и обращения.',
      'Записи об оплатах мы обязаны хранить 5 лет (закон о бухгалтерском учёте), поэтому они останутся, но без вашего e-mail.',
      'Ссылка действует один час. Удаление нельзя отменить.',
    ],
    action: { label: 'Удалить аккаунт', url: eraseLink(siteUrl, token) },
    note: 'Если вы ничего не просили, просто не открывайте ссылку: аккаунт останется как был. Возможно, стоит сменить пароль.',
    siteUrl,
  };
  return { to, subject: 'Удаление аккаунта Штрафов Онлайн', text: mailText(content), html: mailHtml(content), link: content.action.url };
}

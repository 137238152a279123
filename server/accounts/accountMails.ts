import type { MailMessage } from '../mail/message.ts';
import { mailHtml, mailText } from '../mail/layout.ts';
import type { MailContent } from '../mail/layout.ts';

/** A mail from its content. */
function compose(to: string, subject: string, content: MailContent): MailMessage {
  return { to, subject, text: mailText(content), html: mailHtml(content), ...(content.action === undefined ? {} : { link: content.action.url }) };
}

/** The page a mailed sign-in token opens. */
export function signInLink(siteUrl: string, token: string): string {
  return `${siteUrl}/auth/?token=${token}`;
}

/** The page a mailed reset token opens. */
export function resetLink(siteUrl: string, token: string): string {
  return `${siteUrl}/reset/${token}/`;
}

const NOT_YOU = 'Если вы ничего не запрашивали, просто не открывайте ссылку: без неё никто не войдёт в аккаунт.';

/** Registration: confirm the address, which also signs in. */
export function registrationMail(to: string, siteUrl: string, token: string, isLegalEntity: boolean): MailMessage {
  return compose(to, 'Подтвердите e-mail для Штрафов Онлайн', {
    heading: 'Подтвердите e-mail',
    paragraphs: [
      isLegalEntity
        ? 'Вы начали регистрацию организации в Штрафах Онлайн. Нажмите кнопку, чтобы подтвердить адрес и войти в кабинет.'
        : 'Вы начали регистрацию в Штрафах Онлайн. Нажмите кнопку, чтобы подтвердить адрес и войти: документы и поиски, сделанные на этом устройстве, сохранятся в аккаунте.',
      'После входа задайте пароль, чтобы входить и с других устройств.',
      'Ссылка действует 30 минут и открывается один раз.',
    ],
    action: { label: 'Подтвердить и войти', url: signInLink(siteUrl, token) },
    note: NOT_YOU,
    siteUrl,
  });
}

/** Someone tried to register an address that already has an account: tell its owner, offer to sign in. */
export function alreadyRegisteredMail(to: string, siteUrl: string, token: string): MailMessage {
  return compose(to, 'Попытка регистрации с вашим e-mail', {
    heading: 'У вас уже есть аккаунт',
    paragraphs: [
      'Кто-то (возможно, вы) попытался зарегистрироваться в Штрафах Онлайн с этим адресом. Аккаунт с ним уже есть, второй не создан.',
      'Если это были вы, войдите по кнопке ниже. Ссылка действует 30 минут.',
    ],
    action: { label: 'Войти', url: signInLink(siteUrl, token) },
    note: 'Если это были не вы, ничего делать не нужно: ваш аккаунт в безопасности.',
    siteUrl,
  });
}

/** A one-time sign-in link. */
export function signInMail(to: string, siteUrl: string, token: string): MailMessage {
  return compose(to, 'Вход в Штрафы Онлайн', {
    heading: 'Ссылка для входа',
    paragraphs: ['Нажмите кнопку, чтобы войти в аккаунт. Ссылка действует 30 минут и открывается один раз.'],
    action: { label: 'Войти', url: signInLink(siteUrl, token) },
    note: NOT_YOU,
    siteUrl,
  });
}

/** A password reset link. */
export function resetMail(to: string, siteUrl: string, token: string): MailMessage {
  return compose(to, 'Восстановление пароля', {
    heading: 'Новый пароль',
    paragraphs: [
      'Вы запросили восстановление пароля. Нажмите кнопку и задайте новый пароль. После этого вход будет закрыт на всех устройствах, где вы входили раньше.',
      'Ссылка действует 1 час и открывается один раз.',
    ],
    action: { label: 'Задать новый пароль', url: resetLink(siteUrl, token) },
    note: 'Если вы не запрашивали восстановление, ничего делать не нужно: пароль останется прежним.',
    siteUrl,
  });
}

/** Confirmation of a new address for the account. */
export function newEmailMail(to: string, siteUrl: string, token: string): MailMessage {
  return compose(to, 'Подтвердите новый e-mail', {
    heading: 'Подтвердите новый e-mail',
    paragraphs: [
      'Этот адрес указали как новый e-mail аккаунта в Штрафах Онлайн. Нажмите кнопку, чтобы подтвердить его: на него будут приходить уведомления и ссылки для входа.',
      'Ссылка действует 24 часа.',
    ],
    action: { label: 'Подтвердить адрес', url: signInLink(siteUrl, token) },
    note: 'Если вы не меняли адрес, просто не открывайте ссылку.',
    siteUrl,
  });
}

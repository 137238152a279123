import { createHash, timingSafeEqual } from 'node:crypto';
import { validate } from 'superstruct';
import type { Struct } from 'superstruct';
import { BASE64, FeedbackData, FineDetailsData, MailMeta } from '../../src/api/structs/mailRelay.ts';
import { describeFailure } from '../../src/api/structs/errors.ts';
import { ApiError } from '../http/apiError.ts';
import { mailHtml, mailText } from '../mail/layout.ts';
import type { MailMessage } from '../mail/message.ts';

/** Who may receive a template's mail: the signed-in account itself, or the team. */
type Audience = 'self' | 'team';

/** A decoded, checked request: the template, the recipient as asked, and the template's data. */
export type RelayRequest = { meta: MailMeta; data: unknown };

/** Decodes one base64 part; anything that is not strict base64 is a 400 naming the part. */
export function decodeBase64(value: string, field: string): Buffer {
  if (!BASE64.test(value)) throw new ApiError(400, `Поле "${field}" должно быть в кодировке base64`);
  return Buffer.from(value, 'base64');
}

/** The hash the client sends: base64 of SHA-256 over the decoded meta, a zero byte, and the decoded data. */
export function relayHash(meta: Buffer, data: Buffer): Buffer {
  return createHash('sha256').update(meta).update(Buffer.from([0])).update(data).digest();
}

/** Parses JSON text of a decoded part; a 400 naming the part when it is not a JSON object. */
function jsonOf(bytes: Buffer, field: string): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new ApiError(400, `Поле "${field}" не содержит JSON`);
  }
}

/** Decodes and checks hash, meta and data: 400 for bad base64, JSON or a hash that does not match. */
export function readRelayRequest(input: { hash: string; meta: string; data: string }): RelayRequest {
  const meta = decodeBase64(input.meta, 'meta');
  const data = decodeBase64(input.data, 'data');
  const hash = decodeBase64(input.hash, 'hash');
  const expected = relayHash(meta, data);
  if (hash.length !== expected.length || !timingSafeEqual(hash, expected)) throw new ApiError(400, 'Хеш письма не совпадает с его содержимым');
  const [error, checkedMeta] = validate(jsonOf(meta, 'meta'), MailMeta);
  if (error !== undefined) throw new ApiError(422, error.key === 'template' ? 'Такого шаблона письма нет' : describeFailure(error));
  return { meta: checkedMeta, data: jsonOf(data, 'data') };
}

/** Checks a template's data with its struct (422 with the field's message). */
function checked<T, S>(struct: Struct<T, S>, data: unknown): T {
  const [error, value] = validate(data, struct);
  if (error !== undefined) throw new ApiError(422, describeFailure(error));
  return value;
}

/** What a template needs to be composed. */
type ComposeContext = { to: string; accountEmail: string; siteUrl: string };

/** Our templates: who may receive each, and how its mail is made from checked data. */
const TEMPLATES: Record<MailMeta['template'], { audience: Audience; compose: (data: unknown, context: ComposeContext) => MailMessage }> = {
  fineDetails: {
    audience: 'self',
    compose(raw, { to, siteUrl }) {
      const data = checked(FineDetailsData, raw);
      const content = { heading: data.title, paragraphs: ['Вы попросили прислать сведения о штрафе себе на почту.'], entries: [{ title: data.title, lines: data.lines, url: `${siteUrl}${data.path}` }], siteUrl };
      return { to, subject: `Штраф: ${data.title}`, text: mailText(content), html: mailHtml(content), link: `${siteUrl}${data.path}` };
    },
  },
  feedback: {
    audience: 'team',
    compose(raw, { to, accountEmail, siteUrl }) {
      const data = checked(FeedbackData, raw);
      const content = { heading: `Отзыв: ${data.rating} из 5`, paragraphs: data.text === '' ? ['Без комментария.'] : data.text.split(/\n{2,}/), entries: [{ title: 'От кого', lines: [accountEmail, `Страница: ${data.page ?? '—'}`] }], siteUrl };
      return { to, subject: `Отзыв о сервисе: ${data.rating} из 5`, text: mailText(content), html: mailHtml(content), headers: { 'Reply-To': accountEmail } };
    },
  },
};

/**
 * The mail to send, or a 403 when the recipient is not allowed: a `self` template goes only to the
 * account's own confirmed address, a `team` template only to a team address. Never anyone else.
 */
export function composeRelayMail(request: RelayRequest, accountEmail: string, teamEmails: readonly string[], siteUrl: string): MailMessage {
  const template = TEMPLATES[request.meta.template];
  const asked = request.meta.to.trim().toLowerCase();
  const to = template.audience === 'self' ? (asked === 'self' || asked === accountEmail ? accountEmail : undefined) : asked === 'team' ? teamEmails[0] : teamEmails.find((email) => email === asked);
  if (to === undefined) throw new ApiError(403, template.audience === 'self' ? 'Это письмо можно отправить только на ваш e-mail' : 'Это письмо можно отправить только в поддержку сервиса');
  return template.compose(request.data, { to, accountEmail, siteUrl });
}

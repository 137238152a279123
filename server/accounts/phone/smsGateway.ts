/** An SMS service as the phone sign-in sees it: one text to one Russian mobile number. */
export type SmsGateway = {
  /** 'smsru' (the real SMS.ru HTTP API) or 'sandbox' (our local mailbox and the log). */
  readonly id: 'smsru' | 'sandbox';
  /** Sends the text; throws SmsFailure when the service refused it or could not be reached. */
  send(phone: string, text: string): Promise<void>;
};

/** The service did not take the SMS; `reason` is for the log (never the text, which holds the code). */
export class SmsFailure extends Error {
  readonly reason: string;
  constructor(reason: string) {
    super(`SMS not sent: ${reason}`);
    this.reason = reason;
    this.name = 'SmsFailure';
  }
}

/** The text of a sign-in code; the site's name first, the code at the start of a line for the phone's autofill. */
export function codeText(code: string, purpose: 'login' | 'link' | 'erase'): string {
  if (purpose === 'erase') return `Штрафы Онлайн: код ${code} для УДАЛЕНИЯ аккаунта и всех данных. Если вы не просили удалить аккаунт, никому его не сообщайте.`;
  return purpose === 'link'
    ? `Штрафы Онлайн: код ${code} для привязки номера к аккаунту. Никому его не сообщайте.`
    : `Штрафы Онлайн: код ${code} для входа. Никому его не сообщайте.`;
}

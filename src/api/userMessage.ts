import { ApiReplyError, NetworkError, ValidationError } from './errors.ts';

/** Russian texts for failures that carry no message of their own. */
export const USER_MESSAGES = {
  network: 'Нет связи с сервером. Проверьте интернет и попробуйте ещё раз.',
  unexpected: 'Сервер ответил непонятно. Попробуйте ещё раз через минуту.',
  server: 'Сервис временно не отвечает. Попробуйте ещё раз через минуту.',
  unknown: 'Что-то пошло не так. Попробуйте ещё раз.',
} as const;

/** The one place where any failure becomes a sentence for the visitor, in Russian. */
export function userMessage(error: unknown): string {
  if (error instanceof ApiReplyError) {
    if (error.status >= 500) return USER_MESSAGES.server;
    return error.errorDesc.trim() === '' ? USER_MESSAGES.unknown : error.errorDesc;
  }
  if (error instanceof NetworkError) return USER_MESSAGES.network;
  if (error instanceof ValidationError) return USER_MESSAGES.unexpected;
  return USER_MESSAGES.unknown;
}

import { OAuthFailure, PROVIDER_NAMES } from './provider.ts';
import type { OAuthProviderId } from './provider.ts';

/** What else the person can do when a provider fails: the phone when this server offers it, else e-mail. */
export function otherWay(phoneOffered: boolean): string {
  return phoneOffered ? 'войдите по номеру телефона' : 'войдите по e-mail';
}

/**
 * The Russian message of a provider's failure on return, naming the provider and what to do:
 * the person declined, the provider reported an error, refused the code, did not answer, or gave no profile.
 * `error` is the error code of the return address; `failure` what the code exchange threw.
 */
export function providerFailureMessage(provider: OAuthProviderId, cause: { error: string } | { failure: unknown }, phoneOffered: boolean): { status: 403 | 502; message: string } {
  const name = PROVIDER_NAMES[provider];
  const instead = otherWay(phoneOffered);
  if ('error' in cause) {
    if (cause.error === 'access_denied') return { status: 403, message: `Вы отменили вход через ${name}` };
    return { status: 502, message: `${name} не подтвердил вход и сообщил об ошибке. Попробуйте ещё раз или ${instead}` };
  }
  const kind = cause.failure instanceof OAuthFailure ? cause.failure.kind : 'unreachable';
  if (kind === 'refused') return { status: 502, message: `${name} не подтвердил вход: код входа устарел или уже использован. Начните вход заново или ${instead}` };
  if (kind === 'profile') return { status: 502, message: `${name} не передал данные профиля. Попробуйте ещё раз или ${instead}` };
  return { status: 502, message: `${name} не ответил, попробуйте ещё раз или ${instead}` };
}

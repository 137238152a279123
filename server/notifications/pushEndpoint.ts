import { Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isPublicAddress } from '../http/publicAddress.ts';

/** Answers the IP addresses of a host name (all of its A and AAAA records); rejects when it has none. */
export type HostResolver = (hostname: string) => Promise<string[]>;

/** A push endpoint that may be used: its address, and the public IP address to connect to. */
export type CheckedEndpoint = { ok: true; url: URL; address: string };

/** Why an endpoint may not be used, as the API tells it (Russian). */
export type RefusedEndpoint = { ok: false; problem: string };

/**
 * One answer for "does not resolve" and "resolves to an internal address": two would let anyone with
 * an account probe which internal host names exist.
 */
const NOT_PUBLIC = 'Сервис push-уведомлений по этому адресу недоступен: принимаются только адреса в интернете';

/**
 * The name's addresses from the DNS (A and AAAA, 2 s per query, two tries). The system's hosts file
 * is not consulted: a push service is always a public name.
 */
export function systemResolver(): HostResolver {
  const resolver = new Resolver({ timeout: 2000, tries: 2 });
  return async (hostname) => {
    const answers = await Promise.allSettled([resolver.resolve4(hostname), resolver.resolve6(hostname)]);
    const addresses = answers.flatMap((answer) => (answer.status === 'fulfilled' ? answer.value : []));
    if (addresses.length > 0) return addresses;
    const failure = answers.find((answer) => answer.status === 'rejected');
    throw failure?.reason ?? new Error(`No addresses for ${hostname}`);
  };
}

/**
 * Whether the server may send pushes to `endpoint`: https, no user name or password, the default port
 * (443), and a host whose every address is public (checked after DNS, so a name pointing at
 * 127.0.0.1 or the cloud metadata address is refused like the address itself). The answer carries
 * the address that was checked: the sender connects to it, and to nothing a second lookup might
 * give (DNS rebinding).
 */
export async function checkPushEndpoint(endpoint: string, resolveHost: HostResolver): Promise<CheckedEndpoint | RefusedEndpoint> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return { ok: false, problem: 'Адрес подписки на push-уведомления некорректен' };
  }
  if (url.protocol !== 'https:') return { ok: false, problem: 'Адрес подписки на push-уведомления должен начинаться с https://' };
  if (url.username !== '' || url.password !== '') return { ok: false, problem: 'В адресе подписки на push-уведомления не должно быть имени пользователя и пароля' };
  // URL drops the default port, so "" is 443 whether it was written or not.
  if (url.port !== '') return { ok: false, problem: 'Сервис push-уведомлений должен работать на стандартном порту 443' };
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (host === '') return { ok: false, problem: 'Адрес подписки на push-уведомления некорректен' };
  let addresses: string[];
  if (isIP(host) !== 0) {
    addresses = [host];
  } else {
    try {
      addresses = await resolveHost(host);
    } catch {
      return { ok: false, problem: NOT_PUBLIC };
    }
  }
  const [first] = addresses;
  if (first === undefined || !addresses.every(isPublicAddress)) return { ok: false, problem: NOT_PUBLIC };
  return { ok: true, url, address: first };
}

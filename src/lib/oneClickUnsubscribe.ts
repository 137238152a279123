/** The page every notification mail links to for unsubscribing (the spec's spelling). */
export const UNSUBSCRIBE_PAGE = '/email/unsubscrib/';

/**
 * RFC 8058 one-click unsubscribe: mail clients POST to the address in the List-Unsubscribe header,
 * which is the unsubscribe page. Answers the API call that POST stands for (the token kept), or
 * undefined for any other request. The local server and the Netlify edge function both use it.
 */
export function oneClickUnsubscribeTarget(method: string, url: URL): string | undefined {
  if (method !== 'POST' || (url.pathname !== UNSUBSCRIBE_PAGE && url.pathname !== UNSUBSCRIBE_PAGE.slice(0, -1))) return undefined;
  const token = url.searchParams.get('token');
  return token === null ? undefined : `/105/api/email/unsubscribe?${new URLSearchParams({ token }).toString()}`;
}

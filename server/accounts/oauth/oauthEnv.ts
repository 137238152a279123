import type { OAuthApps } from './provider.ts';

/**
 * YANDEX_CLIENT_ID + YANDEX_CLIENT_SECRET and VK_CLIENT_ID: the apps registered with Яндекс ID and VK ID.
 * Unset: our sandbox of that provider, except in production, where it is simply not offered.
 * Half a pair throws with the reason (start-up refuses it).
 */
export function parseOAuthEnv(env: Record<string, string | undefined>, production: boolean): OAuthApps {
  const yandexId = (env['YANDEX_CLIENT_ID'] ?? '').trim();
  const yandexSecret = (env['YANDEX_CLIENT_SECRET'] ?? '').trim();
  if ((yandexId === '') !== (yandexSecret === '')) throw new Error('YANDEX_CLIENT_ID and YANDEX_CLIENT_SECRET are set together (the app at oauth.yandex.ru)');
  if (yandexId !== '' && !/^[0-9a-f]{32}$/i.test(yandexId)) throw new Error(`YANDEX_CLIENT_ID must be the app's 32-character ClientID, got "${yandexId}"`);
  const vkId = (env['VK_CLIENT_ID'] ?? '').trim();
  if (vkId !== '' && !/^\d{1,12}$/.test(vkId)) throw new Error(`VK_CLIENT_ID must be the VK ID app's numeric id, got "${vkId}"`);
  return {
    ...(yandexId !== '' ? { yandex: { clientId: yandexId, clientSecret: yandexSecret } } : production ? { yandex: 'off' as const } : {}),
    ...(vkId !== '' ? { vk: { clientId: vkId } } : production ? { vk: 'off' as const } : {}),
  };
}

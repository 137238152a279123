import { validate } from 'superstruct';
import { GeocoderReply } from './reply.ts';
import type { Geocoder } from './reply.ts';

/** Settings of the real geocoder: its key, address (https://geocode-maps.yandex.ru/1.x/ by default) and a fetch for tests. */
export type YandexGeocoderSettings = { apiKey: string; url?: string; fetch?: typeof fetch; timeoutMs?: number };

/**
 * The real geocoder (GEOCODER_API_KEY): the request goes on with our key, the reply comes back as it
 * is once its shape is checked. Another shape or a failed call throws (the route answers 502).
 */
export function createYandexGeocoder(settings: YandexGeocoderSettings): Geocoder {
  const call = settings.fetch ?? fetch;
  return {
    async geocode(request, results) {
      const url = new URL(settings.url ?? 'https://geocode-maps.yandex.ru/1.x/');
      url.search = new URLSearchParams({ apikey: settings.apiKey, geocode: request, format: 'json', results: String(results), lang: 'ru_RU' }).toString();
      const response = await call(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(settings.timeoutMs ?? 5_000) });
      if (!response.ok) throw new Error(`Geocoder answered ${response.status}`);
      const [error, reply] = validate(await response.json(), GeocoderReply);
      if (error !== undefined) throw new Error(`Geocoder answered an unexpected shape at ${error.path.join('.')}`);
      return reply;
    },
  };
}

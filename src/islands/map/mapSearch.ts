import type L from 'leaflet';
import { geocode } from '../../api/map.ts';
import type { MapElements } from './mapTypes.ts';

/** Zoom for a place the geocoder found, by its kind. */
const ZOOM_BY_KIND: Record<string, number> = { province: 7, locality: 11, street: 15, route: 9, house: 17 };

type Found = { name: string; description: string; kind: string; lat: number; lon: number };

/** 'lon lat' (the geocoder's order) as numbers. */
function parsePos(pos: string): { lat: number; lon: number } {
  const [lon, lat] = pos.split(' ').map(Number);
  return { lat: lat ?? 0, lon: lon ?? 0 };
}

/** The search form (fly to a city, street or address) and the "где я" button; they report in their own status line under the bar. */
export function connectSearch(map: L.Map, el: MapElements): void {
  const say = (text: string) => {
    el.searchStatus.textContent = text;
    el.searchStatus.hidden = text === '';
  };
  const flyTo = (place: Found) => {
    map.flyTo([place.lat, place.lon], ZOOM_BY_KIND[place.kind] ?? 12);
    el.results.hidden = true;
    say(`Показываем: ${place.name}${place.description ? `, ${place.description}` : ''}.`);
  };
  el.search.addEventListener('submit', (event) => {
    event.preventDefault();
    const text = String(new FormData(el.search).get('q') ?? '').trim();
    if (text === '') {
      say('Введите город, улицу или адрес.');
      return;
    }
    say('Ищем…');
    el.search.setAttribute('aria-busy', 'true');
    geocode(text)
      .then((reply) => {
        const found: Found[] = reply.response.GeoObjectCollection.featureMember.map(({ GeoObject: g }) => ({
          name: g.name,
          description: g.description ?? '',
          kind: g.metaDataProperty.GeocoderMetaData.kind,
          ...parsePos(g.Point.pos),
        }));
        if (found.length === 0) {
          el.results.hidden = true;
          say(`Ничего не нашлось по запросу «${text}». Попробуйте название города или улицы.`);
          return;
        }
        const [first] = found;
        // One place, or the very house asked for: fly there at once.
        if (first !== undefined && (found.length === 1 || first.kind === 'house')) {
          flyTo(first);
          return;
        }
        el.results.replaceChildren(
          ...found.map((place) => {
            const button = document.createElement('button');
            button.type = 'button';
            button.textContent = place.description ? `${place.name} — ${place.description}` : place.name;
            button.addEventListener('click', () => flyTo(place));
            const item = document.createElement('li');
            item.append(button);
            return item;
          }),
        );
        el.results.hidden = false;
        say(`Найдено мест: ${found.length}. Выберите нужное в списке.`);
        el.results.querySelector('button')?.focus();
      })
      .catch(() => say('Поиск не ответил. Проверьте связь и попробуйте ещё раз.'))
      .finally(() => el.search.removeAttribute('aria-busy'));
  });

  el.locate.addEventListener('click', () => {
    if (!('geolocation' in navigator)) {
      say('Этот браузер не умеет определять местоположение.');
      return;
    }
    say('Определяем, где вы…');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        map.flyTo([position.coords.latitude, position.coords.longitude], 15);
        say('Показываем камеры вокруг вас.');
      },
      (error) => say(error.code === error.PERMISSION_DENIED ? 'Доступ к местоположению не разрешён. Разрешите его в настройках браузера или найдите место поиском.' : 'Не удалось определить местоположение. Найдите место поиском.'),
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 60_000 },
    );
  });
}

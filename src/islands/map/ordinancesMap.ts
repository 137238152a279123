import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import './cameraKinds.css';
import './map.css';
import { fetchCameras, fetchMapOrdinances } from '../../api/map.ts';
import type { Credentials } from '../../api/structs/credentials.ts';
import type { Box } from '../../api/map.ts';
import type { CamerasReply, MapCluster, MapInitReply, MapOrdinance } from '../../api/structs/map.ts';
import type { MapElements, MapStart } from './mapTypes.ts';
import { NO_TILES_NOTE, TILES_FAILED_NOTE } from '../../lib/map/mapTexts.ts';
import { camerasWord, cameraMarker, clusterMarker, fineMarker, fineSummary } from './mapLayers.ts';
import { connectSearch } from './mapSearch.ts';


/** Russia as a whole: the view before the start view is known. */
const RUSSIA: L.LatLngBoundsExpression = [[41, 19], [78, 180]];
/** Tiles that fail this many times in a row mean the background is gone (offline, server down). */
const TILE_FAILURES = 6;

/** The visible box, kept inside the world's bounds (the map may show more than one world at zoom 0). */
function visibleBox(map: L.Map): Box {
  const b = map.getBounds();
  const clamp = (v: number, limit: number) => Math.max(-limit, Math.min(limit, v));
  return { north: clamp(b.getNorth(), 90), south: clamp(b.getSouth(), 90), west: clamp(b.getWest(), 180), east: clamp(b.getEast(), 180) };
}

/**
 * Draws the map once Leaflet is here: the start view (the signed-in user's region, or what a link
 * asks for), tiles or our own background (backgroundLayer.ts), cameras for the view, the user's fines, search and "где я".
 * The start and the first view's cameras were asked for while this module loaded (startMap.ts).
 */
export async function mountMap(el: MapElements, start: MapStart): Promise<void> {
  const { auth, asked } = start;
  const say = (text: string) => {
    el.status.textContent = text;
  };
  const init = await start.init;
  if (init === undefined) say('Нет связи с сервером: карта покажет камеры, когда связь появится.');
  const map = L.map(el.canvas, { zoomControl: false, worldCopyJump: true, minZoom: 2, maxZoom: 18 });
  L.control.zoom({ zoomInTitle: 'Приблизить', zoomOutTitle: 'Отдалить' }).addTo(map);
  map.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');
  if (asked !== undefined) map.setView([asked.lat, asked.lon], asked.zoom);
  else if (init !== undefined) map.setView([init.centre.lat, init.centre.lon], init.zoom);
  else map.fitBounds(RUSSIA);
  const cameras = L.layerGroup().addTo(map);
  const clusters = L.layerGroup().addTo(map);
  // Single cameras stay on the map across reloads while they are still in view, so an open card is not
  // closed when opening it pans the map and the view's cameras are asked for again.
  const shown = new Map<number, L.CircleMarker>();
  const fines = L.layerGroup().addTo(map);
  // Our own background waits until the first view's cameras are drawn: they are what the page is for.
  let camerasDrawn: () => void = () => undefined;
  showBackground(map, init, el.note, new Promise<void>((resolve) => (camerasDrawn = resolve)));

  // Cameras of the view: asked for after each move, the previous request cancelled.
  let inFlight: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const openCluster = (cluster: MapCluster) => map.flyTo([cluster.lat, cluster.lon], Math.max(cluster.expansionZoom, map.getZoom() + 1));
  let prefetched: Promise<CamerasReply | undefined> | undefined = start.firstCameras;
  const loadCameras = async () => {
    inFlight?.abort();
    const controller = new AbortController();
    inFlight = controller;
    try {
      // The first view's cameras were asked for with the start; after that, each view asks for its own.
      const pending = prefetched;
      prefetched = undefined;
      const early = pending === undefined ? undefined : await pending;
      const reply = early ?? (await fetchCameras(visibleBox(map), Math.round(map.getZoom()), controller.signal));
      if (controller.signal.aborted) return;
      clusters.clearLayers();
      for (const cluster of reply.clusters) clusterMarker(cluster, openCluster).addTo(clusters);
      const wanted = new Set(reply.cameras.map((camera) => camera.id));
      for (const [id, marker] of shown) {
        if (!wanted.has(id)) {
          cameras.removeLayer(marker);
          shown.delete(id);
        }
      }
      for (const camera of reply.cameras) {
        if (!shown.has(camera.id)) shown.set(camera.id, cameraMarker(camera).addTo(cameras));
      }
      const inClusters = reply.clusters.reduce((sum, c) => sum + c.count, 0);
      const total = inClusters + reply.cameras.length;
      say(total === 0 ? 'В этой части карты камер нет.' : `В кадре ${total.toLocaleString('ru-RU')} ${camerasWord(total)}${reply.clusters.length > 0 ? ` (${reply.clusters.length.toLocaleString('ru-RU')} групп — нажмите на группу, чтобы приблизить)` : ''}.`);
      el.canvas.dataset['zoom'] = String(Math.round(map.getZoom()));
      el.canvas.dataset['cameras'] = String(reply.cameras.length);
      el.canvas.dataset['clusters'] = String(reply.clusters.length);
    } catch (error) {
      if (controller.signal.aborted) return;
      say(navigator.onLine === false ? 'Нет связи: камеры появятся, когда связь восстановится.' : 'Не удалось загрузить камеры. Подвиньте карту, чтобы попробовать снова.');
      void error;
    }
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void loadCameras(), 120);
  };
  map.on('moveend', schedule);
  window.addEventListener('online', schedule);
  await loadCameras();
  camerasDrawn();

  if (auth !== undefined) void showFines(map, fines, auth, el, asked?.fine);
  connectSearch(map, el);
}

/**
 * Tiles when the server names a tile server; otherwise (or when they stop loading) our own background
 * (backgroundLayer.ts: land, borders, highways, streets, names) and a note that the map is a scheme.
 * The background's code and data are fetched only then, once the first cameras are drawn (`ready`) and the page is idle.
 */
function showBackground(map: L.Map, init: MapInitReply | undefined, note: HTMLElement, ready: Promise<void>): void {
  let ownBackground = false;
  const plain = (text: string) => {
    const container = map.getContainer();
    container.classList.add('map-canvas--plain');
    const line = note.querySelector('.map-note__text');
    if (line !== null) line.textContent = text;
    note.hidden = false;
    if (ownBackground) return;
    ownBackground = true;
    const draw = () =>
      void import('./backgroundLayer.ts').then(
        ({ drawBackground }) => drawBackground(map, () => container.classList.add('map-canvas--drawn')),
        () => undefined,
      );
    void ready.then(() => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(draw, { timeout: 2_000 });
      else setTimeout(draw, 300);
    });
  };
  note.querySelector('.map-note__close')?.addEventListener('click', () => {
    note.hidden = true;
  });
  if (init?.tilesUrl == null) {
    plain(NO_TILES_NOTE);
    return;
  }
  note.hidden = true;
  map.getContainer().classList.remove('map-canvas--plain');
  let failures = 0;
  const tiles = L.tileLayer(init.tilesUrl, { maxZoom: 18, attribution: '&copy; участники OpenStreetMap' });
  tiles.on('tileload', () => {
    failures = 0;
  });
  tiles.on('tileerror', () => {
    failures += 1;
    if (failures === TILE_FAILURES) {
      map.removeLayer(tiles);
      plain(TILES_FAILED_NOTE);
    }
  });
  tiles.addTo(map);
}

/** The user's fines as pins, a list of them for keyboards and screen readers, and the summary panel. */
async function showFines(map: L.Map, layer: L.LayerGroup, auth: Credentials, el: MapElements, openId?: number): Promise<void> {
  let list: MapOrdinance[] = [];
  // While the documents are still being checked (isWait), ask again every 2 s, a few times.
  for (let attempt = 0; attempt < 6; attempt++) {
    try {
      const reply = await fetchMapOrdinances(auth);
      list = reply.ordinances;
      if (reply.isWait !== true) break;
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  const open = (fine: MapOrdinance) => {
    el.fine.innerHTML = fineSummary(fine);
    const close = document.createElement('button');
    close.type = 'button';
    close.className = 'map-fine-card__close';
    close.setAttribute('aria-label', 'Закрыть');
    close.textContent = '×';
    close.addEventListener('click', () => {
      el.fine.hidden = true;
    });
    el.fine.prepend(close);
    el.fine.hidden = false;
    el.fine.focus();
  };
  for (const fine of list) fineMarker(fine, open).addTo(layer);
  const asked = list.find((fine) => fine.id === openId);
  if (asked !== undefined) open(asked);
  if (list.length === 0) return;
  const heading = el.fineList.querySelector('summary');
  if (heading !== null) heading.textContent = `Мои штрафы на карте: ${list.length}`;
  const items = document.createElement('ul');
  for (const fine of list) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'map-panel__link';
    button.textContent = `${fine.date.split('-').reverse().join('.')} · ${fine.title}`;
    button.addEventListener('click', () => {
      map.flyTo([fine.lat, fine.lon], 16);
      open(fine);
    });
    const item = document.createElement('li');
    item.append(button);
    items.append(item);
  }
  el.fineList.querySelector('ul')?.replaceWith(items);
  el.fineList.hidden = false;
}

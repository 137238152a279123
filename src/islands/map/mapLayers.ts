import L from 'leaflet';
import type { MapCamera, MapCluster, MapOrdinance } from '../../api/structs/map.ts';
import { CAMERA_TYPE_LABELS, bearingLabel } from '../../lib/map/cameraTypes.ts';
import { formatRub } from '../../lib/money.ts';
import { plural } from '../../lib/plural.ts';
import { articleLabel } from '../../lib/koapCitation.ts';

/** 'YYYY-MM-DD' as 'DD.MM.YYYY'. */
const ruDate = (iso: string) => iso.slice(0, 10).split('-').reverse().join('.');

/** Text escaped for HTML built by hand (Leaflet's popups and icons take HTML). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** Russian plural of "камера" for a count. */
export const camerasWord = (count: number) => plural(count, ['камера', 'камеры', 'камер']);

/** What a camera's card says: its kind, where it looks, the limit and the address. */
export function cameraCard(camera: MapCamera): string {
  const lines = [`<strong>${escapeHtml(CAMERA_TYPE_LABELS[camera.type])}</strong>`, escapeHtml(camera.address)];
  if (camera.direction !== null) lines.push(`Направление: ${bearingLabel(camera.direction)}`);
  if (camera.speedLimit !== null) lines.push(`Ограничение: ${camera.speedLimit} км/ч`);
  return lines.join('<br>');
}

/** A single camera: a small circle coloured by its kind, its card on click. */
export function cameraMarker(camera: MapCamera): L.CircleMarker {
  return L.circleMarker([camera.lat, camera.lon], { radius: 7, weight: 2, className: `map-camera map-camera--${camera.type}` }).bindPopup(cameraCard(camera));
}

/** A cluster: its count in a round badge; a click (or Enter) zooms to where it comes apart. */
export function clusterMarker(cluster: MapCluster, onOpen: (cluster: MapCluster) => void): L.Marker {
  const size = cluster.count < 100 ? 32 : cluster.count < 1000 ? 38 : 44;
  const icon = L.divIcon({ className: 'map-cluster', html: `<span>${cluster.count.toLocaleString('ru-RU')}</span>`, iconSize: [size, size] });
  const marker = L.marker([cluster.lat, cluster.lon], { icon, title: `${cluster.count.toLocaleString('ru-RU')} ${camerasWord(cluster.count)}: приблизить`, keyboard: true, riseOnHover: true });
  marker.on('click', () => onOpen(cluster));
  return marker;
}

/** A fine of the user: a pin unlike any camera; a click opens its summary. */
export function fineMarker(fine: MapOrdinance, onOpen: (fine: MapOrdinance) => void): L.Marker {
  const icon = L.divIcon({ className: `map-fine${fine.paid ? ' map-fine--paid' : ''}`, html: '<span aria-hidden="true">₽</span>', iconSize: [30, 30], iconAnchor: [15, 30] });
  const marker = L.marker([fine.lat, fine.lon], { icon, title: `Штраф от ${ruDate(fine.date)}: ${fine.title}`, keyboard: true, zIndexOffset: 1000 });
  marker.on('click', () => onOpen(fine));
  return marker;
}

/** The summary of a fine in the side panel, with the link to its page. */
export function fineSummary(fine: MapOrdinance): string {
  const status = fine.paid ? 'Оплачен' : fine.discountActive ? `К оплате со скидкой: ${formatRub(fine.amountToPay)}` : `К оплате: ${formatRub(fine.amountToPay)}`;
  const parts = [
    `<h2 class="map-fine-card__title">${escapeHtml(fine.title)}</h2>`,
    `<p>${fine.article === null ? '' : `${escapeHtml(articleLabel(fine.article))} · `}${ruDate(fine.date)}</p>`,
    fine.address === null ? '' : `<p>${escapeHtml(fine.address)}</p>`,
    fine.vehiclePlate === null ? '' : `<p>Автомобиль: ${escapeHtml(fine.vehiclePlate)}</p>`,
    `<p class="map-fine-card__sum">${escapeHtml(status)}</p>`,
    `<p><a class="btn btn--small" href="/fines/${fine.id}/">Открыть штраф</a></p>`,
  ];
  return parts.join('');
}

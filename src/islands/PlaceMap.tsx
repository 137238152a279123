import { useEffect, useState } from 'react';
import { fetchCameras } from '../api/map.ts';
import type { MapCamera } from '../api/structs/map.ts';
import { CAMERA_TYPE_LABELS } from '../lib/map/cameraTypes.ts';
import { camerasNearText } from '../stores/fineView.ts';
import './map/cameraKinds.css';
import { boxAround, metresPerPixel, tileUrl, worldPixel } from '../lib/map/mercator.ts';

/** The view's size in CSS pixels and its zoom. */
const WIDTH = 480;
const HEIGHT = 220;
const ZOOM = 16;
/** The tile server, when the site is built with one (PUBLIC_MAP_TILES_URL). */
const TILES: string | undefined = import.meta.env.PUBLIC_MAP_TILES_URL || undefined;

/**
 * Whether the small map has a background to draw the place on (the tile server's tiles). Without one
 * it would be an empty grey box with a pin: then only its caption and link are shown (issue 24, item 12).
 */
const HAS_BACKGROUND = TILES !== undefined;

type Props = {
  lat: number;
  lon: number;
  fineId?: number;
  /** The ruling came from a camera (it has photos). */
  byCamera?: boolean;
};

/**
 * A small static map of a fine's place, drawn without a map library when the site has a background
 * for it (the tiles around it): the cameras that stand nearby, a scale and the link to the full map
 * there. Without a background, the caption and the link alone.
 */
export function PlaceMap({ lat, lon, fineId, byCamera = false }: Props) {
  const [cameras, setCameras] = useState<MapCamera[] | undefined>(undefined);
  useEffect(() => {
    const controller = new AbortController();
    fetchCameras(boxAround(lat, lon, ZOOM, WIDTH, HEIGHT), 17, controller.signal).then(
      (reply) => setCameras(reply.cameras),
      () => setCameras([]),
    );
    return () => controller.abort();
  }, [lat, lon]);
  const centre = worldPixel(lat, lon, ZOOM);
  const at = (pointLat: number, pointLon: number) => {
    const p = worldPixel(pointLat, pointLon, ZOOM);
    return { x: WIDTH / 2 + (p.x - centre.x), y: HEIGHT / 2 + (p.y - centre.y) };
  };
  const scaleMetres = 200;
  const scalePx = scaleMetres / metresPerPixel(lat, ZOOM);
  const mapLink = `/webview/ordinances-map/?${new URLSearchParams({ lat: lat.toFixed(6), lon: lon.toFixed(6), zoom: String(ZOOM), ...(fineId === undefined ? {} : { fine: String(fineId) }) })}`;
  const near = cameras?.length;
  const caption = camerasNearText(near, byCamera);
  if (!HAS_BACKGROUND) {
    return (
      <p className="place-map-link">
        {caption}
        {caption === '' ? '' : ' '}
        <a href={mapLink}>Открыть на карте камер</a>
      </p>
    );
  }
  return (
    <figure className="place-map">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={`Место нарушения на карте${near === undefined ? '' : `, камер рядом: ${near}`}`}>
        <rect width={WIDTH} height={HEIGHT} className="place-map__ground" />
        {tiles(centre).map((t) => <image key={`${t.x}-${t.y}`} href={tileUrl(TILES ?? '', ZOOM, t.x, t.y)} x={t.left} y={t.top} width="256" height="256" />)}
        {(cameras ?? []).map((camera) => {
          const p = at(camera.lat, camera.lon);
          return (
            <circle key={camera.id} cx={p.x} cy={p.y} r="6" className={`map-camera map-camera--${camera.type}`}>
              <title>{`${CAMERA_TYPE_LABELS[camera.type]}: ${camera.address}`}</title>
            </circle>
          );
        })}
        <path d={`M${WIDTH / 2} ${HEIGHT / 2} l-10 -18 a11 11 0 1 1 20 0 z`} className="place-map__pin" />
        <g className="place-map__scale" transform={`translate(12 ${HEIGHT - 14})`}>
          <path d={`M0 -5 V0 H${scalePx} V-5`} />
          <text x={scalePx + 6} y="0">{scaleMetres} м</text>
        </g>
        <text x={WIDTH - 14} y="22" textAnchor="middle" className="place-map__north">С</text>
      </svg>
      <figcaption>
        {caption}
        {caption === '' ? '' : ' '}
        <a href={mapLink}>Открыть на карте камер</a>
      </figcaption>
    </figure>
  );
}

/** The tiles that cover the view around a centre (world pixels), with their offsets in the view. */
function tiles(centre: { x: number; y: number }): { x: number; y: number; left: number; top: number }[] {
  const left = centre.x - WIDTH / 2;
  const top = centre.y - HEIGHT / 2;
  const out: { x: number; y: number; left: number; top: number }[] = [];
  for (let x = Math.floor(left / 256); x <= Math.floor((left + WIDTH) / 256); x++) {
    for (let y = Math.floor(top / 256); y <= Math.floor((top + HEIGHT) / 256); y++) out.push({ x, y, left: x * 256 - left, top: y * 256 - top });
  }
  return out;
}

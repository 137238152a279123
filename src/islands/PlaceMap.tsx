import { useEffect, useState } from 'react';
import { fetchCameras } from '../api/map.ts';
import type { MapCamera } from '../api/structs/map.ts';
import type { ViewPaths } from '../lib/map/background/viewPaths.ts';
import { CAMERA_TYPE_LABELS } from '../lib/map/cameraTypes.ts';
import { camerasNearText } from '../stores/fineView.ts';
import './map/cameraKinds.css';
import './map/placeBackground.css';
import { boxAround, metresPerPixel, tileUrl, worldPixel } from '../lib/map/mercator.ts';
import { PLACE_MAP_HEIGHT, PLACE_MAP_WIDTH, placeMapZoom } from '../lib/map/placeView.ts';

/** The view's size in CSS pixels. */
const WIDTH = PLACE_MAP_WIDTH;
const HEIGHT = PLACE_MAP_HEIGHT;
/** The tile server, when the site is built with one (PUBLIC_MAP_TILES_URL). */
const TILES: string | undefined = import.meta.env.PUBLIC_MAP_TILES_URL || undefined;
const ZOOM = placeMapZoom(TILES !== undefined);
/** Cameras "nearby" are those within a street's view of the place (zoom 16), whatever the picture's zoom. */
const NEAR_ZOOM = 16;
/** Lengths the scale bar may show, metres. */
const SCALES = [50, 100, 200, 500, 1000, 2000, 5000];

type Props = {
  lat: number;
  lon: number;
  fineId?: number;
  /** The ruling came from a camera (it has photos). */
  byCamera?: boolean;
};

/**
 * A small static map of a fine's place, drawn without a map library: the tiles around it when the
 * site has a tile server, otherwise the same background as the camera map (land, water, the main
 * roads and their names, only the few kilobytes around the point, fetched after the page is drawn),
 * and in any case the cameras that stand nearby, a scale and the link to the full map there.
 */
export function PlaceMap({ lat, lon, fineId, byCamera = false }: Props) {
  const [cameras, setCameras] = useState<MapCamera[] | undefined>(undefined);
  const [background, setBackground] = useState<ViewPaths | undefined>(undefined);
  useEffect(() => {
    const controller = new AbortController();
    fetchCameras(boxAround(lat, lon, NEAR_ZOOM, WIDTH, HEIGHT), 17, controller.signal).then(
      (reply) => setCameras(reply.cameras),
      () => setCameras([]),
    );
    if (TILES === undefined) {
      // The background is decoration: if it cannot be had, the plain ground stays and nothing else changes.
      import('./map/placeBackground.ts')
        .then(({ placeBackground }) => placeBackground({ lat, lon, zoom: ZOOM, width: WIDTH, height: HEIGHT }))
        .then((paths) => {
          if (!controller.signal.aborted) setBackground(paths);
        })
        .catch(() => undefined);
    }
    return () => controller.abort();
  }, [lat, lon]);
  const centre = worldPixel(lat, lon, ZOOM);
  const at = (pointLat: number, pointLon: number) => {
    const p = worldPixel(pointLat, pointLon, ZOOM);
    return { x: WIDTH / 2 + (p.x - centre.x), y: HEIGHT / 2 + (p.y - centre.y) };
  };
  const scaleMetres = [...SCALES].reverse().find((m) => m / metresPerPixel(lat, ZOOM) <= 120) ?? 50;
  const scalePx = scaleMetres / metresPerPixel(lat, ZOOM);
  const mapLink = `/webview/ordinances-map/?${new URLSearchParams({ lat: lat.toFixed(6), lon: lon.toFixed(6), zoom: String(NEAR_ZOOM), ...(fineId === undefined ? {} : { fine: String(fineId) }) })}`;
  const near = cameras?.length ?? 0;
  const caption = camerasNearText(cameras?.length, byCamera);
  return (
    <figure className="place-map">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={`Место нарушения на карте${cameras === undefined ? '' : `, камер рядом: ${near}`}`}>
        <rect width={WIDTH} height={HEIGHT} className={background === undefined ? 'place-map__ground' : 'place-map__water'} />
        {TILES !== undefined && tiles(centre).map((t) => <image key={`${t.x}-${t.y}`} href={tileUrl(TILES, ZOOM, t.x, t.y)} x={t.left} y={t.top} width="256" height="256" />)}
        {background !== undefined && <Background paths={background} />}
        {(cameras ?? []).map((camera) => {
          const p = at(camera.lat, camera.lon);
          return (
            <circle key={camera.id} cx={p.x} cy={p.y} r={ZOOM >= 15 ? 6 : 4} className={`map-camera map-camera--${camera.type}`}>
              <title>{`${CAMERA_TYPE_LABELS[camera.type]}: ${camera.address}`}</title>
            </circle>
          );
        })}
        <path d={`M${WIDTH / 2} ${HEIGHT / 2} l-10 -18 a11 11 0 1 1 20 0 z`} className="place-map__pin" />
        <g className="place-map__scale" transform={`translate(12 ${HEIGHT - 14})`}>
          <path d={`M0 -5 V0 H${scalePx} V-5`} />
          <text x={scalePx + 6} y="0">{scaleMetres >= 1000 ? `${scaleMetres / 1000} км` : `${scaleMetres} м`}</text>
        </g>
        <text x={WIDTH - 14} y="22" textAnchor="middle" className="place-map__north">С</text>
      </svg>
      <figcaption>
        {caption}
        {caption === '' ? '' : ' '}
        <a href={mapLink}>Открыть на карте камер</a>
        {background !== undefined && <span className="place-map__credit">Схема местности: Natural Earth; дороги показаны условно.</span>}
      </figcaption>
    </figure>
  );
}

/** Our own background: land over water, lakes, rivers, borders, roads, then the names on top. */
function Background({ paths }: { paths: ViewPaths }) {
  return (
    <g aria-hidden="true">
      <path d={paths.land} className="place-map__land" fillRule="evenodd" />
      {paths.lakes !== '' && <path d={paths.lakes} className="place-map__lake" fillRule="evenodd" />}
      {paths.rivers !== '' && <path d={paths.rivers} className="place-map__river" />}
      {paths.borders !== '' && <path d={paths.borders} className="place-map__border" />}
      {paths.streets !== '' && <path d={paths.streets} className="place-map__street-casing" />}
      {paths.streets !== '' && <path d={paths.streets} className="place-map__street" />}
      {paths.highways !== '' && <path d={paths.highways} className="place-map__highway-casing" />}
      {paths.highways !== '' && <path d={paths.highways} className="place-map__highway" />}
      {paths.names.map((name) => (
        <text key={`${name.kind}-${name.text}-${name.x}-${name.y}`} x={name.x} y={name.kind === 'city' ? name.y - 10 : name.y} transform={name.angle === 0 ? undefined : `rotate(${name.angle} ${name.x} ${name.y})`} textAnchor="middle" dominantBaseline="middle" className={`place-map__name place-map__name--${name.kind}`}>
          {name.text}
        </text>
      ))}
    </g>
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

import L from 'leaflet';
import { spotsAlong } from '../../lib/map/background/along.ts';
import { decodeShape } from '../../lib/map/background/codec.ts';
import { bandOfZoom } from '../../lib/map/background/types.ts';
import type { BackgroundRoad, LandAsset, LandBand, RoadsAsset } from '../../lib/map/background/types.ts';
import { detailedCellsFor, loadCoarseBand, loadRoads } from './backgroundData.ts';
import { escapeHtml } from './mapLayers.ts';
import './background.css';

/** Credit for the land and borders (Natural Earth asks for none, but a reader should know where the map comes from). */
export const BACKGROUND_ATTRIBUTION = 'Карта: <a href="https://www.naturalearthdata.com/">Natural Earth</a>';

/** Colours of the background (the sea is the map's own colour, background.css; lakes are the same). */
const LAND = '#f5f2ea';
const WATER = '#d6e5f2';
const RIVER = '#9fc2e3';
const BORDER = '#a08fb3';
const HIGHWAY = '#f3cf7a';
const HIGHWAY_CASING = '#d3a54a';
const STREET = '#ffffff';
const STREET_CASING = '#c9d1dc';

/** From which zoom each kind of road, and each kind of name, is drawn. */
const HIGHWAYS_FROM = 4;
const STREETS_FROM = 10;
const HIGHWAY_NAMES = { from: 6, spacing: 420 };
const STREET_NAMES = { from: 13, spacing: 520 };
const RING_NAMES = { from: 12, spacing: 640 };

/** An encoded shape as Leaflet's points. */
const latLngs = (codes: readonly number[], scale: number) => decodeShape(codes, scale).map(([lon, lat]) => L.latLng(lat, lon));

/**
 * Our own background for a map without tiles: land and borders (Natural Earth) in the band of detail
 * the zoom needs, the camera set's highways, main streets and ring roads, and the names of cities and
 * roads — all under the cameras and clusters. Each band's file (and each detailed cell) is fetched
 * when a view first needs it; the previous band stays until the next one is drawn, so nothing blinks.
 * `onDrawn` is called once the first land is on the map.
 */
export function drawBackground(map: L.Map, onDrawn: () => void): void {
  for (const [name, z] of [['mapBackground', 150], ['mapLabels', 350]] as const) {
    const pane = map.createPane(name);
    pane.style.zIndex = String(z);
    pane.style.pointerEvents = 'none';
  }
  map.getPane('mapLabels')?.setAttribute('aria-hidden', 'true');
  map.attributionControl.addAttribution(BACKGROUND_ATTRIBUTION);
  // One canvas for land and roads (a canvas is as big as the view and more, twice over on a phone's
  // screen): land is sent to the back of it whenever it comes, so the roads stay on top.
  const renderer = L.canvas({ pane: 'mapBackground' });
  const bandLayer = (asset: LandAsset) => {
    const style = { renderer, interactive: false, opacity: 1 };
    const rings = (shapes: number[][]) => shapes.map((ring) => latLngs(ring, asset.scale));
    return L.layerGroup([
      L.polygon(rings(asset.land), { ...style, stroke: false, fillColor: LAND, fillOpacity: 1 }),
      L.polygon(rings(asset.lakes), { ...style, stroke: false, fillColor: WATER, fillOpacity: 1 }),
      L.polyline(rings(asset.rivers), { ...style, color: RIVER, weight: asset.band === 2 ? 1.5 : 1 }),
      L.polyline(rings(asset.borders), { ...style, color: BORDER, weight: 1.2 }),
    ]);
  };

  let drawn = false;
  const markDrawn = () => {
    if (drawn) return;
    drawn = true;
    onDrawn();
  };
  // What is on the map: one coarse band, or the detailed band's cells.
  let shownBand: LandBand | undefined;
  let shownLayer: L.LayerGroup | undefined;
  const cells = new Map<string, L.LayerGroup>();
  const detailed = L.layerGroup();
  const show = (band: LandBand, layer: L.LayerGroup) => {
    if (shownBand === band) return;
    if (shownLayer !== undefined) map.removeLayer(shownLayer);
    shownBand = band;
    shownLayer = layer.addTo(map);
    sendBack(layer);
    markDrawn();
  };

  const updateLand = () => {
    const band = bandOfZoom(map.getZoom());
    if (band !== 2) {
      loadCoarseBand(band).then(
        (asset) => {
          if (bandOfZoom(map.getZoom()) === band) show(band, bandLayer(asset));
        },
        () => undefined,
      );
      return;
    }
    const b = map.getBounds().pad(0.25);
    const wanted = detailedCellsFor({ west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() });
    // The coarse band stays until every cell of the view is here (open sea has none to wait for).
    const complete = () => {
      if (bandOfZoom(map.getZoom()) === 2 && wanted.every((cell) => cells.has(cell.name))) show(2, detailed);
    };
    for (const cell of wanted) {
      if (cells.has(cell.name)) continue;
      cell.load().then(
        (asset) => {
          if (!cells.has(cell.name)) {
            const layer = bandLayer(asset);
            cells.set(cell.name, layer.addTo(detailed));
            if (map.hasLayer(detailed)) sendBack(layer);
          }
          complete();
        },
        () => undefined,
      );
    }
    complete();
  };

  let roads: RoadLayers | undefined;
  let wide: boolean | undefined;
  const labels = new Map<string, L.Marker>();
  const labelLayer = L.layerGroup().addTo(map);
  const updateRoads = () => {
    if (roads === undefined) return;
    const zoom = map.getZoom();
    toggle(map, roads.highways, zoom >= HIGHWAYS_FROM);
    // Streets come and go with the zoom; the highways stay drawn over them.
    if (toggle(map, roads.streets, zoom >= STREETS_FROM) && map.hasLayer(roads.highways)) {
      roads.highwayCasing.bringToFront();
      roads.highwayLine.bringToFront();
    }
    // Restyling redraws the canvas: only when the width changes.
    if (wide !== zoom >= 11) {
      wide = zoom >= 11;
      const extra = wide ? 1.5 : 0;
      roads.highwayCasing.setStyle({ weight: 4.5 + extra });
      roads.highwayLine.setStyle({ weight: 2.5 + extra });
    }
    updateLabels(roads);
  };
  const updateLabels = (layers: RoadLayers) => {
    const zoom = map.getZoom();
    const view = map.getBounds().pad(0.1);
    const wanted = new Map<string, () => L.Marker>();
    for (const city of layers.asset.cities) {
      if (city.minZoom <= zoom && view.contains([city.lat, city.lon])) wanted.set(`city:${city.name}`, () => cityMarker(city));
    }
    for (const [i, road] of layers.asset.roads.entries()) {
      const rule = road.kind === 'highway' ? HIGHWAY_NAMES : road.kind === 'street' ? STREET_NAMES : RING_NAMES;
      if (zoom < rule.from || !view.intersects(layers.boxes[i] as L.LatLngBounds)) continue;
      const text = road.kind === 'highway' ? road.name.replace(/^трасса /, '') : road.name;
      for (const spot of spotsAlong(layers.points[i] ?? [], zoom, rule.spacing)) {
        if (view.contains([spot.lat, spot.lon])) wanted.set(`${i}:${zoom}:${spot.index}`, () => roadMarker(text, road.kind, spot));
      }
    }
    for (const [key, marker] of labels) {
      if (!wanted.has(key)) {
        labelLayer.removeLayer(marker);
        labels.delete(key);
      }
    }
    for (const [key, make] of wanted) {
      if (!labels.has(key)) labels.set(key, make().addTo(labelLayer));
    }
  };

  // moveend follows every zoom too.
  map.on('moveend', () => {
    updateLand();
    updateRoads();
  });
  updateLand();
  // The roads are built a step at a time, each in its own short task, so the page never stalls.
  void loadRoads()
    .then(async (asset) => {
      await nextTask();
      roads = roadLayers(asset, renderer);
      await nextTask();
      updateRoads();
    })
    .catch(() => undefined);
}

/** Lets the browser handle input and paint before the next step. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The roads' layers, their decoded points and their boxes (for names: a road out of view is skipped at once). */
type RoadLayers = {
  asset: RoadsAsset;
  points: [number, number][][];
  boxes: L.LatLngBounds[];
  highways: L.LayerGroup;
  highwayCasing: L.Polyline;
  highwayLine: L.Polyline;
  streets: L.LayerGroup;
};

/** Sends a band's shapes (or a group of bands') to the back of the canvas, under the roads, in their own order: land, lakes, rivers, borders. */
function sendBack(group: L.LayerGroup): void {
  const paths: L.Path[] = [];
  const collect = (layer: L.Layer) => (layer instanceof L.LayerGroup ? layer.eachLayer(collect) : paths.push(layer as L.Path));
  group.eachLayer(collect);
  for (const path of paths.reverse()) path.bringToBack();
}

/** Adds a layer to the map or takes it off; true when it was just added. */
function toggle(map: L.Map, layer: L.Layer, on: boolean): boolean {
  if (on && !map.hasLayer(layer)) {
    layer.addTo(map);
    return true;
  }
  if (!on && map.hasLayer(layer)) map.removeLayer(layer);
  return false;
}

/** The roads as two groups: highways (a casing under a yellow line), and streets with ring roads (white over a grey casing). */
function roadLayers(asset: RoadsAsset, renderer: L.Renderer): RoadLayers {
  const points = asset.roads.map((road) => decodeShape(road.line, asset.scale) as [number, number][]);
  const lines = points.map((line) => line.map(([lon, lat]) => L.latLng(lat, lon)));
  const of = (kinds: BackgroundRoad['kind'][]) => lines.filter((_, i) => kinds.includes((asset.roads[i] as BackgroundRoad).kind));
  const style = { renderer, interactive: false, opacity: 1, lineCap: 'round' as const, lineJoin: 'round' as const };
  const streets = of(['street', 'ring']);
  const highways = of(['highway']);
  const highwayCasing = L.polyline(highways, { ...style, color: HIGHWAY_CASING, weight: 4.5 });
  const highwayLine = L.polyline(highways, { ...style, color: HIGHWAY, weight: 2.5 });
  return {
    asset,
    points,
    boxes: lines.map((line) => L.latLngBounds(line)),
    highways: L.layerGroup([highwayCasing, highwayLine]),
    highwayCasing,
    highwayLine,
    streets: L.layerGroup([L.polyline(streets, { ...style, color: STREET_CASING, weight: 5 }), L.polyline(streets, { ...style, color: STREET, weight: 3 })]),
  };
}

/** A city's name, centred on its centre. */
function cityMarker(city: { name: string; lat: number; lon: number }): L.Marker {
  const icon = L.divIcon({ className: 'map-city', html: `<span>${escapeHtml(city.name)}</span>`, iconSize: undefined as unknown as L.PointExpression });
  return L.marker([city.lat, city.lon], { icon, interactive: false, keyboard: false, pane: 'mapLabels' });
}

/** A road's name, turned along the road. */
function roadMarker(text: string, kind: BackgroundRoad['kind'], spot: { lat: number; lon: number; angle: number }): L.Marker {
  const icon = L.divIcon({ className: `map-road-name map-road-name--${kind}`, html: `<span style="transform:translate(-50%,-50%) rotate(${spot.angle}deg)">${escapeHtml(text)}</span>`, iconSize: undefined as unknown as L.PointExpression });
  return L.marker([spot.lat, spot.lon], { icon, interactive: false, keyboard: false, pane: 'mapLabels' });
}

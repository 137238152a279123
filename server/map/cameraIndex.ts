import Supercluster from 'supercluster';
import type { Kysely } from 'kysely';
import type { CameraType } from '../../src/lib/map/cameraTypes.ts';
import type { Database } from '../db/schema.ts';
import type { CameraRecord } from './cameraCsv.ts';
import { mostDetailedZoom } from './boxZoom.ts';
import type { MapBox } from './boxZoom.ts';
import { cameraRevision, loadCameras } from './cameraStore.ts';

/** A camera as the map gets it. */
export type MapCamera = { id: number; lat: number; lon: number; type: CameraType; direction: number | null; speedLimit: number | null; address: string };

/** Several cameras shown as one: where, how many, and the zoom at which they come apart. */
export type MapCluster = { lat: number; lon: number; count: number; expansionZoom: number };

/** The reply of the box query. */
export type BoxAnswer = { cameras: MapCamera[]; clusters: MapCluster[]; zoom: number };

/** Above this zoom every camera is shown on its own. */
export const CLUSTER_MAX_ZOOM = 15;
/**
 * The most markers (cameras and clusters) one answer carries: more than a screen can show apart, and
 * under 200 KB of JSON even if every one were a camera with the set's longest address (226 bytes).
 * Past it the box is answered a zoom lower, and lower, until it fits.
 */
export const MAX_ITEMS = 800;
/** The camera set's revision is looked up at most this often (ms). */
const REVISION_CHECK_MS = 10_000;

/** The in-memory index of one API process: built on first use, rebuilt when the table's revision moves on. */
export type CameraIndex = {
  /** Cameras and clusters in a box at a zoom (0–22). */
  query(box: MapBox, zoom: number): Promise<BoxAnswer>;
  /** Cameras and cameras' streets for the geocoder, from the same load. */
  all(): Promise<readonly CameraRecord[]>;
  /** Builds the index now (start-up), so the first visitor does not wait for it. */
  warm(): Promise<void>;
  /** Looks at the set's revision now rather than within 10 s, and rebuilds when it moved on. */
  refresh(): Promise<void>;
};

type Built = { revision: number; cluster: Supercluster<CameraRecord>; cameras: readonly CameraRecord[] };

/** Builds a clustering index over the cameras (kd-tree per zoom, supercluster); 80 px apart keeps the map's badges (at most 54 px) from covering each other. */
export function buildIndex(cameras: readonly CameraRecord[]): Supercluster<CameraRecord> {
  const index = new Supercluster<CameraRecord>({ radius: 80, maxZoom: CLUSTER_MAX_ZOOM, minPoints: 3 });
  index.load(cameras.map((camera) => ({ type: 'Feature', properties: camera, geometry: { type: 'Point', coordinates: [camera.lon, camera.lat] } })));
  return index;
}

/**
 * The box answer from a built index. The caller's zoom is not trusted: a box too large to be one
 * screen at that zoom is grouped at the zoom where it would be (a world-wide box at street zoom was
 * 2.7 MB), and an answer still over MAX_ITEMS is grouped a zoom lower until it fits.
 */
export function answerBox(index: Supercluster<CameraRecord>, box: MapBox, zoom: number): BoxAnswer {
  const bbox: [number, number, number, number] = [box.west, box.south, box.east, box.north];
  let answeredAt = Math.max(0, Math.min(Math.floor(zoom), CLUSTER_MAX_ZOOM + 1, mostDetailedZoom(box)));
  let features = index.getClusters(bbox, answeredAt);
  while (features.length > MAX_ITEMS && answeredAt > 0) {
    answeredAt -= 1;
    features = index.getClusters(bbox, answeredAt);
  }
  const cameras: MapCamera[] = [];
  const clusters: MapCluster[] = [];
  for (const feature of features) {
    const [lon, lat] = feature.geometry.coordinates as [number, number];
    const props = feature.properties;
    if ('cluster' in props && props.cluster) {
      clusters.push({ lat: round6(lat), lon: round6(lon), count: props.point_count, expansionZoom: Math.min(index.getClusterExpansionZoom(props.cluster_id), CLUSTER_MAX_ZOOM + 1) });
    } else {
      const c = props as CameraRecord;
      cameras.push({ id: c.id, lat: c.lat, lon: c.lon, type: c.type, direction: c.direction, speedLimit: c.speedLimit, address: c.address });
    }
  }
  return { cameras, clusters, zoom: answeredAt };
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/** The index of one process over the database's cameras. */
export function createCameraIndex(db: Kysely<Database>, now: () => number = Date.now): CameraIndex {
  let built: Promise<Built> | undefined;
  let checkedAt = 0;
  const build = async (): Promise<Built> => {
    const revision = await cameraRevision(db);
    const cameras = await loadCameras(db);
    return { revision, cameras, cluster: buildIndex(cameras) };
  };
  const current = async (): Promise<Built> => {
    if (built === undefined) {
      checkedAt = now();
      built = build();
      built.catch(() => (built = undefined));
      return built;
    }
    const ready = await built;
    if (now() - checkedAt >= REVISION_CHECK_MS) {
      checkedAt = now();
      if ((await cameraRevision(db)) !== ready.revision) {
        const next = build();
        await next;
        built = next;
        return next;
      }
    }
    return ready;
  };
  return {
    query: async (box, zoom) => answerBox((await current()).cluster, box, zoom),
    all: async () => (await current()).cameras,
    warm: async () => {
      await current();
    },
    refresh: async () => {
      checkedAt = -Infinity;
      await current();
    },
  };
}

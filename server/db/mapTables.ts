/** A traffic camera of the map (090_cameras); type is one of src/lib/map/cameraTypes.ts. */
export type CamerasTable = {
  id: number;
  lat: number;
  lon: number;
  type: string;
  direction: number | null;
  speed_limit: number | null;
  address: string;
  region: string;
};

/** One row: moves on with every replacement of the camera set, so API processes rebuild their index. */
export type CameraRevisionTable = { revision: number };

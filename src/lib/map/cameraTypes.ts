/** Kinds of traffic cameras the map knows, with their labels (the map legend, /coordinates/init). */
export const CAMERA_TYPES = ['speed', 'redlight', 'lane', 'parking', 'avgspeed'] as const;

/** One kind of camera. */
export type CameraType = (typeof CAMERA_TYPES)[number];

/** Russian labels of the kinds, as the legend and a camera's card show them. */
export const CAMERA_TYPE_LABELS: Readonly<Record<CameraType, string>> = {
  speed: 'Контроль скорости',
  redlight: 'Проезд на красный и стоп-линия',
  lane: 'Выделенная полоса и обочина',
  parking: 'Контроль парковки',
  avgspeed: 'Средняя скорость на участке',
};

/** Whether a text names a known kind. */
export const isCameraType = (value: string): value is CameraType => (CAMERA_TYPES as readonly string[]).includes(value);

/** Compass point of a bearing in degrees, in Russian ('на северо-восток'). */
export function bearingLabel(degrees: number): string {
  const points = ['север', 'северо-восток', 'восток', 'юго-восток', 'юг', 'юго-запад', 'запад', 'северо-запад'];
  const index = Math.round((((degrees % 360) + 360) % 360) / 45) % 8;
  return `на ${points[index]}`;
}

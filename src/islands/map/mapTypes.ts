import type { Credentials } from '../../api/structs/credentials.ts';
import type { CamerasReply, MapInitReply } from '../../api/structs/map.ts';
import type { AskedView } from '../../lib/map/askedView.ts';

/** The parts of the page the map script drives (ids in src/pages/webview/ordinances-map.astro). */
export type MapElements = {
  canvas: HTMLElement;
  status: HTMLElement;
  /** What the search and «Где я» say (apart from the camera count, which changes with every move). */
  searchStatus: HTMLElement;
  note: HTMLElement;
  fine: HTMLElement;
  fineList: HTMLElement;
  search: HTMLFormElement;
  results: HTMLElement;
  locate: HTMLButtonElement;
};

/** What the map starts with, asked for before Leaflet is here. */
export type MapStart = {
  auth: Credentials | undefined;
  asked: AskedView | undefined;
  init: Promise<MapInitReply | undefined>;
  /** The first view's cameras (undefined when they could not be asked for early). */
  firstCameras: Promise<CamerasReply | undefined>;
};

import { fetchCameras, fetchMapInit } from '../../api/map.ts';
import { askedView } from '../../lib/map/askedView.ts';
import { boxAround } from '../../lib/map/mercator.ts';
import { $credentials } from '../../stores/authData.ts';
import { adoptAddressCredentials } from '../../stores/auth/addressCredentials.ts';
import { mountMap } from './ordinancesMap.ts';
import type { MapElements } from './mapTypes.ts';


/**
 * The map page's entry: adopts the app's credentials, then asks for the map's start (GET
 * /coordinates/init) and the first view's cameras before the map is drawn, so the page does not wait
 * for them one after another.
 */
export async function startMap(el: MapElements): Promise<void> {
  await adoptAddressCredentials();
  const auth = $credentials.get();
  const asked = askedView(new URL(window.location.href));
  const init = fetchMapInit(auth).catch(() => undefined);
  const { clientWidth: width, clientHeight: height } = el.canvas;
  const firstCameras = (async () => {
    const view = asked ?? (await init)?.centre;
    const zoom = asked?.zoom ?? (await init)?.zoom;
    if (view === undefined || zoom === undefined || width === 0 || height === 0) return undefined;
    return fetchCameras(boxAround(view.lat, view.lon, zoom, width, height), zoom).catch(() => undefined);
  })();
  void mountMap(el, { auth, asked, init, firstCameras });
}

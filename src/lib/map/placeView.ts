// The fine page's small map (src/islands/PlaceMap.tsx): what it shows around the place, shared with
// the tests that check its background against the data.

/** The picture's size in CSS pixels. */
export const PLACE_MAP_WIDTH = 480;
export const PLACE_MAP_HEIGHT = 220;

/** Its zoom: tiles show the street itself; our own background, a scheme of the city's main roads, shows the part of the city around the place. */
export const placeMapZoom = (withTiles: boolean): number => (withTiles ? 16 : 12);

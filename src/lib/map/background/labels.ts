import { worldPixel } from '../mercator.ts';

/** A label to place: its text and point. */
type Labelled = { name: string; lat: number; lon: number };

/** Rough size of a city label in px (0.78rem semibold, padded, with a few px of air): enough to tell whether two would overlap. */
const labelSize = (name: string) => ({ width: name.length * 8.2 + 22, height: 24 });

/**
 * The first zoom at which each label can be shown without overlapping a label placed before it
 * (the list comes largest city first, so Москва is never hidden by Балашиха). A label shown at a zoom
 * stays clear at every closer one. Labels that never clear by `maxZoom` show from `maxZoom` on.
 */
export function labelZooms(cities: readonly Labelled[], minZoom = 2, maxZoom = 10): number[] {
  const placed: { city: Labelled; zoom: number }[] = [];
  const clearAt = (city: Labelled, zoom: number) => {
    const here = worldPixel(city.lat, city.lon, zoom);
    const size = labelSize(city.name);
    return placed.every(({ city: other, zoom: from }) => {
      if (from > zoom) return true;
      const there = worldPixel(other.lat, other.lon, zoom);
      const otherSize = labelSize(other.name);
      return Math.abs(here.x - there.x) >= (size.width + otherSize.width) / 2 || Math.abs(here.y - there.y) >= (size.height + otherSize.height) / 2;
    });
  };
  return cities.map((city) => {
    let zoom = maxZoom;
    while (zoom > minZoom && Array.from({ length: maxZoom - zoom + 2 }, (_, i) => zoom - 1 + i).every((z) => clearAt(city, z))) zoom -= 1;
    placed.push({ city, zoom });
    return zoom;
  });
}

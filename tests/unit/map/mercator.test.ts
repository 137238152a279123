import { describe, expect, it } from 'vitest';
import { boxAround, metresPerPixel, tileUrl, worldPixel } from '../../../src/lib/map/mercator.ts';
import { askedView } from '../../../src/lib/map/askedView.ts';

describe('Web Mercator', () => {
  it('puts the origin in the middle of the world and Moscow on its usual tile', () => {
    expect(worldPixel(0, 0, 0)).toEqual({ x: 128, y: 128 });
    const moscow = worldPixel(55.7558, 37.6173, 10);
    // Moscow's centre lies on tile 619/320 at zoom 10.
    expect(Math.floor(moscow.x / 256)).toBe(619);
    expect(Math.floor(moscow.y / 256)).toBe(320);
  });

  it('measures a pixel on the ground and the box a view shows', () => {
    expect(metresPerPixel(0, 0)).toBeCloseTo(156_543, 0);
    const box = boxAround(55.75, 37.62, 16, 480, 220);
    expect(box.north - 55.75).toBeCloseTo(55.75 - box.south, 9);
    // At zoom 16 a pixel is about 1.34 m in Moscow, so 480 px are about 645 m across.
    expect(metresPerPixel(55.75, 16)).toBeCloseTo(1.344, 2);
    expect((box.east - box.west) * 111.32 * Math.cos((55.75 * Math.PI) / 180)).toBeCloseTo(0.645, 2);
  });

  it('fills a tile address template', () => {
    expect(tileUrl('https://{s}.tiles.example.ru/{z}/{x}/{y}.png', 10, 619, 320)).toBe('https://a.tiles.example.ru/10/619/320.png');
  });
});

describe('the view a link asks for', () => {
  it('reads lat, lon, zoom and the fine to open, and ignores nonsense', () => {
    expect(askedView(new URL('https://x.ru/webview/ordinances-map/?lat=55.1&lon=37.2&zoom=16&fine=42'))).toEqual({ lat: 55.1, lon: 37.2, zoom: 16, fine: 42 });
    expect(askedView(new URL('https://x.ru/?lat=55.1&lon=37.2&zoom=99'))).toEqual({ lat: 55.1, lon: 37.2, zoom: 15 });
    expect(askedView(new URL('https://x.ru/?lat=95&lon=37.2'))).toBeUndefined();
    expect(askedView(new URL('https://x.ru/?lat=abc&lon=37.2'))).toBeUndefined();
    expect(askedView(new URL('https://x.ru/'))).toBeUndefined();
  });
});

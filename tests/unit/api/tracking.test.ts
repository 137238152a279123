import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendTrackingBatch, TRACKING_BATCH_PATH } from '../../../src/api/tracking.ts';

const batch = { trackingId: '3f2b8c1e-7d4a-4e55-9a0b-1c2d3e4f5a6b', userId: '41', session: 'b'.repeat(64), events: [{ type: 'screen' as const, screenName: 'fines' }] };

afterEach(() => vi.unstubAllGlobals());

describe('sending a tracking batch', () => {
  it('goes by beacon as JSON text when the browser queues it', () => {
    const sent: [string, string][] = [];
    sendTrackingBatch(batch, (url, body) => (sent.push([url, body]), true));
    expect(sent).toEqual([[TRACKING_BATCH_PATH, JSON.stringify(batch)]]);
  });

  it('falls back to a keepalive fetch when the beacon is refused', () => {
    const fetch = vi.fn(() => Promise.resolve(new Response(null)));
    vi.stubGlobal('fetch', fetch);
    sendTrackingBatch(batch, () => false);
    expect(fetch).toHaveBeenCalledWith(TRACKING_BATCH_PATH, expect.objectContaining({ method: 'POST', keepalive: true, body: JSON.stringify(batch) }));
  });
});

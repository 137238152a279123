import { useTestStorageEngine, cleanTestStorage } from '@nanostores/persistent';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEventBus } from '../../../../src/lib/events.ts';
import type { TrackingBatch } from '../../../../src/api/structs/tracking.ts';
import { $authData, emptyAuthData, setAuthRecord } from '../../../../src/stores/authData.ts';
import { BATCH_SIZE, EMAIL_VISIT_DELAY_MS, FLUSH_MS, TIME_LEFT_GOAL_MS, TRACKING_ID_KEY, startGoals, startTrackingSender } from '../../../../src/stores/tracking/sender.ts';
import type { SenderEnv } from '../../../../src/stores/tracking/sender.ts';

const UUID = '3f2b8c1e-7d4a-4e55-9a0b-1c2d3e4f5a6b';
const signedIn = { clientId: 'c', salt: 's', rand: 'a'.repeat(32), userId: '41', session: 'b'.repeat(64) };

/** A page environment with a map for storage and timers the test runs by hand. */
function fakeEnv(stored: Record<string, string> = {}) {
  const storage = new Map(Object.entries(stored));
  const sent: TrackingBatch[] = [];
  const timers: { run: () => void; ms: number; cleared: boolean }[] = [];
  const env: SenderEnv = {
    storage: { getItem: (k) => storage.get(k) ?? null, setItem: (k, v) => void storage.set(k, v) },
    send: (batch) => sent.push(batch),
    newId: () => UUID,
    setTimer: (run, ms) => {
      const timer = { run, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => {
      (timer as { cleared: boolean }).cleared = true;
    },
  };
  const fire = (ms: number) => timers.filter((t) => t.ms === ms && !t.cleared).forEach((t) => ((t.cleared = true), t.run()));
  return { env, storage, sent, timers, fire };
}

beforeAll(() => useTestStorageEngine());
afterEach(() => {
  $authData.set(emptyAuthData());
  cleanTestStorage();
});

describe('tracking sender (spec §3, §7)', () => {
  it('makes a tracking id once and keeps it under userTrackingId', () => {
    const page = fakeEnv();
    startTrackingSender(createEventBus(), page.env).stop();
    expect(page.storage.get(TRACKING_ID_KEY)).toBe(UUID);
    const again = fakeEnv({ [TRACKING_ID_KEY]: '11111111-2222-4333-8444-555555555555' });
    setAuthRecord(signedIn);
    const sender = startTrackingSender(createEventBus(), again.env);
    sender.track({ type: 'event', event: 'x', params: {} });
    sender.flush();
    expect(again.sent[0]?.trackingId).toBe('11111111-2222-4333-8444-555555555555');
  });

  it('sends nothing without a user id, and sends the waiting events once one exists', () => {
    const page = fakeEnv();
    const bus = createEventBus();
    const sender = startTrackingSender(bus, page.env);
    bus.emit('loadedScreen', { screenName: 'fines', path: '/fines/', referer: '' });
    page.fire(FLUSH_MS);
    expect(page.sent).toEqual([]);
    setAuthRecord(signedIn);
    page.fire(FLUSH_MS);
    expect(page.sent).toHaveLength(1);
    expect(page.sent[0]).toMatchObject({ userId: '41', session: signedIn.session, channel: 'WebVersion', events: [{ type: 'screen', screenName: 'fines' }] });
    sender.stop();
  });

  it('replays what the bus carried before it subscribed, once', () => {
    setAuthRecord(signedIn);
    const page = fakeEnv();
    const bus = createEventBus();
    bus.emit('loadedScreen', { screenName: 'profile', path: '/profile/', referer: '' });
    const sender = startTrackingSender(bus, page.env);
    sender.flush();
    expect(page.sent.flatMap((b) => b.events)).toEqual([expect.objectContaining({ type: 'screen', screenName: 'profile' })]);
  });

  it(`sends a batch as soon as ${BATCH_SIZE} events wait`, () => {
    setAuthRecord(signedIn);
    const page = fakeEnv();
    const bus = createEventBus();
    startTrackingSender(bus, page.env);
    for (let i = 0; i < BATCH_SIZE; i++) bus.emit('buttonClicked', { buttonName: `b${i}`, buttonData: {} });
    expect(page.sent).toHaveLength(1);
    expect(page.sent[0]?.events).toHaveLength(BATCH_SIZE);
  });

  it('strips document numbers, e-mails and names from form data before sending', () => {
    setAuthRecord(signedIn);
    const page = fakeEnv();
    const bus = createEventBus();
    const sender = startTrackingSender(bus, page.env);
    bus.emit('submittedForm', { formName: 'search', formData: { tab: 'sts', sts: '9941123456', email: 'a@b.ru', comment: 'А123ВС77', surname: 'Иванов' } });
    sender.flush();
    expect(page.sent[0]?.events[0]).toMatchObject({ type: 'form', formName: 'search', formData: { tab: 'sts' } });
  });
});

describe('goals (spec §9)', () => {
  it.each([
    ['?utm_source=e-mail', ['timeLeft', 'emailVisit']],
    ['?utm_source=email', ['timeLeft']],
    ['', ['timeLeft']],
  ])('%s → %j', (search, names) => {
    const page = fakeEnv();
    const tracked: string[] = [];
    startGoals({ track: (e) => tracked.push(e.type === 'event' ? e.event : e.type) }, search, page.env.setTimer);
    expect(page.timers.map((t) => t.ms).sort((a, b) => a - b)).toEqual(names.length === 2 ? [EMAIL_VISIT_DELAY_MS, TIME_LEFT_GOAL_MS] : [TIME_LEFT_GOAL_MS]);
    page.fire(EMAIL_VISIT_DELAY_MS);
    page.fire(TIME_LEFT_GOAL_MS);
    expect(tracked.sort()).toEqual([...names].sort());
  });
});

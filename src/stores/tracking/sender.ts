import { stripPersonalData, TRACKING_CHANNEL } from '../../lib/trackingPrivacy.ts';
import { TRACKING_EVENTS } from '../../lib/trackingNames.ts';
import type { EventBus, RecordedEvent } from '../../lib/events.ts';
import type { BatchedEvent, TrackingBatch } from '../../api/structs/tracking.ts';
import { sendTrackingBatch } from '../../api/tracking.ts';
import { APP_VERSION } from '../../lib/appVersion.ts';
import { $authRecord } from '../authData.ts';

/** The screen name the home page is reported under. */
export const HOME_SCREEN = 'main';
/** The event name of a search's outcome (the dashboard's "fine found" step). */
export const SEARCH_RESULT_EVENT = TRACKING_EVENTS.searchResult;
/** Local-storage key of the visitor's tracking id (spec §3). */
export const TRACKING_ID_KEY = 'userTrackingId';
/** A batch is sent when it holds this many events, or after FLUSH_MS, or when the page is hidden. */
export const BATCH_SIZE = 20;
/** Longest an event waits on a visible page. */
export const FLUSH_MS = 5_000;
/** Spec §9: the time-left analytics goal fires after 180 s on a page. */
export const TIME_LEFT_GOAL_MS = 180_000;
/** Spec §9: a visit from an e-mail (utm_source=e-mail) is reported after 750 ms. */
export const EMAIL_VISIT_DELAY_MS = 750;

/** What the sender needs from the page; tests pass their own. */
export type SenderEnv = {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  send: (batch: TrackingBatch) => void;
  newId: () => string;
  setTimer: (run: () => void, ms: number) => unknown;
  clearTimer: (timer: unknown) => void;
};

/** The tracking id kept in local storage, made once (a UUID); a stored value that is not a UUID is replaced. */
export function trackingIdOf(env: Pick<SenderEnv, 'storage' | 'newId'>): string {
  const stored = env.storage.getItem(TRACKING_ID_KEY);
  if (stored !== null && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(stored)) return stored;
  const id = env.newId();
  env.storage.setItem(TRACKING_ID_KEY, id);
  return id;
}

/** A bus event as a batch entry, its data stripped of personal data before it leaves the page. */
export function toBatched(recorded: RecordedEvent, at: number): BatchedEvent {
  const clean = (data: Record<string, unknown>) => stripPersonalData(data) as Record<string, unknown>;
  switch (recorded.event) {
    case 'loadedScreen':
      // The home page's path has nothing left without slashes; the call needs a name (spec §5).
      return { type: 'screen', screenName: recorded.payload.screenName === '' ? HOME_SCREEN : recorded.payload.screenName, referer: recorded.payload.referer, at };
    case 'submittedForm':
      return { type: 'form', formName: recorded.payload.formName, formData: clean(recorded.payload.formData), at };
    case 'buttonClicked':
      return { type: 'button', buttonName: recorded.payload.buttonName, buttonData: clean(recorded.payload.buttonData), at };
    case 'searchResult':
      return { type: 'event', event: SEARCH_RESULT_EVENT, params: { by: recorded.payload.by, found: recorded.payload.found }, at };
  }
}

/** The page's tracking sender: queue, flush, goals. */
export type TrackingSender = {
  /** Queues an event (goals and anything not on the bus). */
  track(event: BatchedEvent): void;
  /** Sends what is queued, if the visitor has a user id. */
  flush(): void;
  /** Events waiting to be sent. */
  pending(): readonly BatchedEvent[];
  stop(): void;
};

/**
 * Subscribes to the page's bus (replaying what was emitted before it arrived) and sends batches of
 * events. Spec §7: sent only when a user id exists; until then events wait in the queue (a visitor
 * who never gets one is never reported).
 */
export function startTrackingSender(bus: EventBus, env: SenderEnv, appVersion = ''): TrackingSender {
  let queue: BatchedEvent[] = [];
  let timer: unknown;
  const trackingId = trackingIdOf(env);
  const flush = () => {
    if (timer !== undefined) env.clearTimer(timer);
    timer = undefined;
    const record = $authRecord.get();
    if (queue.length === 0 || record.userId === '' || record.session === '') return;
    while (queue.length > 0) {
      const events = queue.slice(0, 50);
      queue = queue.slice(50);
      env.send({ trackingId, userId: record.userId, session: record.session, channel: TRACKING_CHANNEL, appVersion, events });
    }
  };
  const track = (event: BatchedEvent) => {
    queue.push(event);
    if (queue.length >= BATCH_SIZE) flush();
    else if (timer === undefined) timer = env.setTimer(flush, FLUSH_MS);
  };
  for (const recorded of bus.recent) track(toBatched(recorded, Date.now()));
  const offs = (['loadedScreen', 'submittedForm', 'buttonClicked', 'searchResult'] as const).map((name) =>
    bus.on(name, (payload) => track(toBatched({ event: name, payload } as RecordedEvent, Date.now()))),
  );
  // A user id that arrives later (a first search registers the visitor) lets the waiting events go.
  const offAuth = $authRecord.listen((record) => {
    if (record.userId !== '' && queue.length > 0 && timer === undefined) timer = env.setTimer(flush, FLUSH_MS);
  });
  return {
    track,
    flush,
    pending: () => queue,
    stop() {
      for (const off of offs) off();
      offAuth();
      if (timer !== undefined) env.clearTimer(timer);
    },
  };
}

/** Starts the analytics goals of spec §9 on a page: time left after 180 s, an e-mail visit after 750 ms. */
export function startGoals(sender: Pick<TrackingSender, 'track'>, search: string, setTimer: SenderEnv['setTimer']): void {
  setTimer(() => sender.track({ type: 'event', event: TRACKING_EVENTS.timeLeft, params: { seconds: TIME_LEFT_GOAL_MS / 1000 } }), TIME_LEFT_GOAL_MS);
  if (new URLSearchParams(search).get('utm_source') === 'e-mail') {
    setTimer(() => sender.track({ type: 'event', event: TRACKING_EVENTS.emailVisit, params: {} }), EMAIL_VISIT_DELAY_MS);
  }
}

/** The sender of this page, started on the first call; flushes with sendBeacon when the page is hidden. */
export function startPageTracking(bus: EventBus): TrackingSender {
  const sender = startTrackingSender(bus, {
    storage: window.localStorage,
    send: (batch) => sendTrackingBatch(batch),
    newId: () => crypto.randomUUID(),
    setTimer: (run, ms) => window.setTimeout(run, ms),
    clearTimer: (timer) => window.clearTimeout(timer as number),
  }, APP_VERSION);
  startGoals(sender, window.location.search, (run, ms) => window.setTimeout(run, ms));
  // pagehide covers closing and bfcache; visibilitychange covers a tab switched away on mobile, where pagehide may never come.
  window.addEventListener('pagehide', () => sender.flush());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') sender.flush();
  });
  return sender;
}

/** Events the site reports; the tracking issue subscribes its sender to this bus. */
export type SiteEvents = {
  loadedScreen: { screenName: string; path: string; referer: string };
  submittedForm: { formName: string; formData: Record<string, unknown> };
  buttonClicked: { buttonName: string; buttonData: Record<string, unknown> };
  /** A search came back: how it searched (sts, dl, inn, car, uin) and how many fines it found; never the document. */
  searchResult: { by: string; found: number };
};

type Listener<K extends keyof SiteEvents> = (payload: SiteEvents[K]) => void;

/** An event as it was emitted, kept so a subscriber that arrives late can catch up. */
export type RecordedEvent = { [K in keyof SiteEvents]: { event: K; payload: SiteEvents[K] } }[keyof SiteEvents];

/** How many recent events the bus keeps for late subscribers. */
const RECENT_LIMIT = 50;

/** A typed publish/subscribe bus with no dependencies; one instance per page. */
export function createEventBus() {
  const listeners = new Map<keyof SiteEvents, Set<Listener<never>>>();
  const recent: RecordedEvent[] = [];
  return {
    /** The latest events, oldest first (the tracking sender replays them when it subscribes). */
    recent: recent as readonly RecordedEvent[],
    /** Subscribes to an event; returns the unsubscribe function. */
    on<K extends keyof SiteEvents>(event: K, listener: Listener<K>): () => void {
      const set = listeners.get(event) ?? new Set();
      set.add(listener as Listener<never>);
      listeners.set(event, set);
      return () => set.delete(listener as Listener<never>);
    },
    /** Delivers an event to every subscriber; a failing subscriber does not stop the others. */
    emit<K extends keyof SiteEvents>(event: K, payload: SiteEvents[K]): void {
      recent.push({ event, payload } as RecordedEvent);
      if (recent.length > RECENT_LIMIT) recent.shift();
      for (const listener of listeners.get(event) ?? []) {
        try {
          (listener as Listener<K>)(payload);
        } catch (error) {
          console.error(`Event listener for ${event} failed`, error);
        }
      }
    },
  };
}

/** The bus type, for subscribers. */
export type EventBus = ReturnType<typeof createEventBus>;

import { createEventBus } from '../lib/events.ts';

/** The page's one event bus: the loaded-screen and form events go here until the tracking sender subscribes. */
export const siteEvents = createEventBus();

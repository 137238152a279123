/**
 * The names the site reports to its analytics (issue 23): the events and forms it sends, collected in
 * one place so the server accepts these and nothing else. A name is code, never something a visitor
 * typed; anything else that arrives as a name may hold personal data and is refused or dropped.
 */

/** Events the site's sender tracks (src/stores/tracking/sender.ts). */
export const TRACKING_EVENTS = {
  /** A search came back (the dashboard's "fine found" step). */
  searchResult: 'searchResult',
  /** Spec §9: the visitor stayed 180 s on a page. */
  timeLeft: 'timeLeft',
  /** Spec §9: a visit from an e-mail (utm_source=e-mail). */
  emailVisit: 'emailVisit',
} as const;

/** Forms the site reports as submitted (src/stores/search.ts). */
export const TRACKING_FORMS = {
  /** The fine search form of the home and search pages. */
  fineSearch: 'fineSearch',
} as const;

const EVENT_NAMES: ReadonlySet<string> = new Set(Object.values(TRACKING_EVENTS));
const FORM_NAMES: ReadonlySet<string> = new Set(Object.values(TRACKING_FORMS));

/** Whether the site sends an event of this name. */
export const isKnownEvent = (name: string): boolean => EVENT_NAMES.has(name);

/** Whether the site sends a form of this name. */
export const isKnownForm = (name: string): boolean => FORM_NAMES.has(name);

/**
 * A button name as code writes one: an ASCII identifier of at most 50 characters ('payAll',
 * 'open-photo'). The site sends none yet; when it does, the names it picks pass, typed text does not.
 */
export const BUTTON_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,49}$/;

/** A screen name: a page path without its slashes ('prepaymentsuccess'), `{id}` where a segment was masked. */
export const SCREEN_NAME = /^[A-Za-z0-9_.{}-]{1,200}$/;

/** A parameter key as code writes one ('tab', 'found', 'seconds'). */
export const PARAM_KEY = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;

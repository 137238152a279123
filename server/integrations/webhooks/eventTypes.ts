import { WEBHOOK_EVENT_TYPES } from '../../../src/api/structs/integrations.ts';

/** The events an endpoint may take (the list the cabinet's and the API's structs check). */
export const WEBHOOK_EVENTS = WEBHOOK_EVENT_TYPES;
/** One of them; `ping` is the test event the cabinet sends to one endpoint. */
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number] | 'ping';

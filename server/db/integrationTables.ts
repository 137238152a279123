import type { ColumnType, Generated } from 'kysely';

// The API for integrators (117_integrations): keys, webhook endpoints, the events outbox, deliveries.

/** A timestamp column: written as a Date, read back as a Date (timestamptz). */
type Timestamp = ColumnType<Date, Date, Date>;

/** An organization's API key: only its SHA-256 and its first characters (to recognise it in the list) are kept. */
export type ApiKeysTable = {
  id: Generated<number>;
  organization_id: number;
  name: string;
  /** 'read' or 'read-write'. */
  scope: string;
  prefix: string;
  key_hash: string;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
};

/** An https endpoint the organization's events are posted to, signed with its own secret. */
export type WebhookEndpointsTable = {
  id: Generated<number>;
  organization_id: number;
  url: string;
  /** The event types it takes (JSON array of strings). */
  events: ColumnType<unknown, string, string>;
  secret: string;
  created_at: Timestamp;
  deleted_at: Timestamp | null;
};

/** Something that happened to an organization's fleet, once per unique key (the outbox). */
export type IntegrationEventsTable = {
  id: Generated<string>;
  organization_id: number;
  type: string;
  unique_key: string;
  data: ColumnType<unknown, string, string>;
  created_at: Timestamp;
};

/** One event posted to one endpoint: pending until it is answered 2xx, failed after 24 hours of tries. */
export type WebhookDeliveriesTable = {
  id: Generated<string>;
  event_id: string;
  endpoint_id: number;
  /** A resend from the cabinet (the automatic delivery is unique per event and endpoint). */
  manual: Generated<boolean>;
  status: 'pending' | 'delivered' | 'failed';
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  locked_until: Timestamp | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: Timestamp;
  delivered_at: Timestamp | null;
};

/** One try of a delivery: the endpoint's HTTP status, or why it could not be reached. */
export type WebhookAttemptsTable = { id: Generated<string>; delivery_id: string; at: Timestamp; status_code: number | null; error: string | null };

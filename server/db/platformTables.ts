import type { ColumnType, Generated } from 'kysely';

// The platform's tables: the audit log, CSP reports, analytics events, experiments, support tickets,
// consents and business leads. Re-exported by schema.ts, which assembles the Database type.

/** A timestamp column: written as a Date, read back as a Date (timestamptz). */
type Timestamp = ColumnType<Date, Date, Date>;

/** One audited action (040_audit_log): ids and a keyed hash of the address, no personal data in clear. */
export type AuditLogTable = {
  id: Generated<string>;
  at: Timestamp;
  user_id: number | null;
  action: string;
  object_type: string | null;
  object_id: string | null;
  outcome: 'ok' | 'refused';
  address_hash: string | null;
  request_id: string | null;
};

/** A CSP violation report (041_csp_reports): the page's route pattern and the blocked origin, nothing personal. */
export type CspReportsTable = {
  id: Generated<string>;
  received_at: Timestamp;
  page: string;
  directive: string;
  blocked: string;
  source_file: string | null;
  line: number | null;
  disposition: string;
};

/** A lead from the business pages (085_crm_leads); crm_status: none (no CRM set), pending, sent, failed. */
export type CrmLeadsTable = {
  id: Generated<number>;
  created_at: Timestamp;
  user_id: number | null;
  name: string;
  phone: string;
  email: string;
  inn: string;
  tag: string;
  budget: string | null;
  utms: ColumnType<Record<string, string>, string, string>;
  count_auto: number | null;
  months_count: number | null;
  crm_status: 'none' | 'pending' | 'sent' | 'failed';
  crm_attempts: Generated<number>;
};

/** First-party analytics (issue 14): one row per event; params have personal data stripped. */
export type TrackingEventsTable = {
  id: Generated<string>;
  created_at: Timestamp;
  user_id: number | null;
  tracking_id: string | null;
  /** event (POST /tracking), screen, form or button (action logging). */
  kind: string;
  name: string;
  referer: string | null;
  params: ColumnType<unknown, string, string>;
  channel: string;
  device_id: string | null;
  app_version: string | null;
};

/** A/B experiments: variants `[{ value, weight }]`, shown on pages matching `url_pattern` between the dates. */
export type ExperimentsTable = {
  id: Generated<number>;
  name: string;
  variants: ColumnType<unknown, string, string>;
  url_pattern: Generated<string>;
  starts_at: Timestamp;
  ends_at: Timestamp | null;
};

/** Support tickets (spec §3 "Support ticket request"). */
export type SupportTicketsTable = { id: Generated<number>; user_id: number | null; email: string; content: string; platform: string; app_version: string; created_at: Timestamp };

/** Consents a user gave, with the version of the text they saw and when. */
export type ConsentsTable = { id: Generated<number>; user_id: number; purpose: string; version: string; given_at: Timestamp };

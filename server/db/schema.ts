import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** A timestamp column: written as a Date, read back as a Date (timestamptz). */
type Timestamp = ColumnType<Date, Date, Date>;

/** Issued client ids (GET /105/api/client); a user registers with one. */
export type ClientsTable = { id: string; created_at: Timestamp };

/** Users: anonymous until they register an e-mail (later issues). */
export type UsersTable = {
  id: Generated<number>;
  client_id: string;
  channel: string;
  user_type: Generated<number>;
  salt: string;
  created_at: Timestamp;
  /** The confirmed e-mail, lower-case; null while the user is anonymous. */
  email: string | null;
  email_confirmed_at: Timestamp | null;
  /** Argon2id hash (PHC string); null until a password is set. */
  password_hash: string | null;
  /** Spec §3 doNotify: 1 tells the user about new fines by e-mail, 0 does not. */
  do_notify: Generated<number>;
  /** When the user last asked to check every document again (isForceRefresh). */
  ordinances_refreshed_at: Timestamp | null;
  /** When the tax list started to be prepared (GET /preload). */
  taxes_preload_started_at: Timestamp | null;
  /** When the owner had the account erased (071); null for a live account. */
  erased_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
};

/** Sessions: only the SHA-256 of the token is kept. */
export type SessionsTable = {
  token_hash: string;
  user_id: number;
  rand: string;
  created_at: Timestamp;
  revoked_at: Timestamp | null;
  /** Last request made with it (updated at most hourly); a session unused for SESSION_TTL_DAYS expires. */
  last_used_at: Timestamp;
  /** Spec §3 platform the session was issued to: web or chromeExtension. */
  platform: Generated<string>;
};

/** Single-use links sent by e-mail; only the SHA-256 of the token is kept. */
export type AuthTokensTable = {
  token_hash: string;
  user_id: number;
  /** register (confirms the e-mail and signs in), login, reset (password), email (confirms a new address). */
  purpose: string;
  /** The address the link was sent to. */
  email: string;
  is_legal_entity: Generated<boolean>;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
};

/** Mail kept instead of sent when SMTP_URL is unset (the embedded default). */
export type MailOutboxTable = {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: Timestamp;
};

/** A user's vehicle registration certificates. */
export type StsDocumentsTable = {
  id: Generated<number>;
  user_id: number;
  sts: string;
  plate_number: string;
  plate_region: string;
  vehicle_model: string | null;
  vehicle_plate_type: string | null;
  created_at: Timestamp;
};

/** A user's driver licences. */
export type DriverLicensesTable = {
  id: Generated<number>;
  user_id: number;
  number: string;
  issue_date: string | null;
  first_issue_date: string | null;
  surname: string | null;
  name: string | null;
  patronymic: string | null;
  created_at: Timestamp;
};

/** A user's tax ids. */
export type InnsTable = {
  id: Generated<number>;
  user_id: number;
  inn: string;
  inn_name: string | null;
  surname: string | null;
  name: string | null;
  patronymic: string | null;
  created_at: Timestamp;
};

/** Documents the fines source has been asked about (their fines are generated once, then kept). */
export type FineSubjectsTable = { key: string; generated_at: Timestamp };

/** Fines, as the fines source gave them; amounts and discounts are computed when read. */
export type FinesTable = {
  id: Generated<number>;
  subject_key: string;
  uin: string;
  plate_number: string;
  plate_region: string;
  identifier: string;
  identifier_type: string;
  article: string;
  article_title: string;
  amount: number;
  /** YYYY-MM-DD; for pinned fixtures shifted to `days_ago` before today when read. */
  ruling_date: string;
  violation_at: string;
  /** Pinned fixtures keep their dates relative to today: days between the ruling and today. */
  days_ago: number | null;
  address: string;
  lat: number;
  lon: number;
  department: string;
  paid: boolean;
  camera_id: string | null;
  speed_actual: number | null;
  speed_limit: number | null;
  payee: ColumnType<PayeeJson, string, string>;
  share_hash: string;
  created_at: Timestamp;
  /** Days the discount lasts after the ruling (0: none), fixed when stored (server/fines/discountTerms.ts). */
  discount_days: Generated<number>;
  /** What is due with the discount and without it, kopecks (bigint, read as text). */
  discount_kopecks: ColumnType<string, number | undefined, number>;
  full_kopecks: ColumnType<string, number | undefined, number>;
};

/** Payee details as stored (JSON). */
export type PayeeJson = {
  name: string;
  inn: string;
  kpp: string;
  account: string;
  bik: string;
  bankName: string;
  oktmo: string;
  kbk: string;
};

/** Payment orders of paid fines. */
export type OrdersTable = {
  id: Generated<number>;
  fine_id: number;
  status: string;
  /** What was paid, in kopecks. */
  amount_kopecks: number;
  paid_at: Timestamp;
};

/** Photos of camera fines; `token` is the unguessable part of the image URL. */
export type PhotosTable = {
  id: Generated<number>;
  fine_id: number;
  position: number;
  token: string;
  title: string;
  width: number;
  height: number;
};

/** When a fine's photos are ready (the sandbox pretends to fetch them from the camera's archive). */
export type PhotoFetchesTable = { fine_id: number; ready_at: Timestamp };

/** Which users may read which fines: a subject key (a document they looked up) or 'uin:{number}' (one fine found by УИН). */
export type SearchGrantsTable = {
  user_id: number;
  subject_key: string;
  created_at: Timestamp;
  /** The document the user looked the fines up by, as shown to them (null for grants made before it was kept). */
  identifier: string | null;
  identifier_type: string | null;
};

/** Rate-limit token buckets (server/http/rateLimit.ts); times are epoch milliseconds. */
export type RateLimitsTable = {
  key: string;
  tokens: number;
  updated_at: ColumnType<string, number, number>;
  last_allowed: boolean;
  expires_at: ColumnType<string, number, number>;
};

/** ИНН whose taxes and debts were fetched (key 'inn:{number}'). */
export type InnChecksTable = { key: string; checked_at: Timestamp };

/** Tax accruals found by an ИНН; amounts in kopecks (bigint, read as text). */
export type TaxesTable = {
  id: Generated<number>;
  subject_key: string;
  uin: string;
  title: string;
  period: number;
  amount_kopecks: ColumnType<string, number, number>;
  payment_deadline: string;
  paid_at: Timestamp | null;
  tax_authority: string;
  payee: ColumnType<PayeeJson, string, string>;
  created_at: Timestamp;
};

/** Enforcement proceedings (ФССП) found by an ИНН; amounts in kopecks. */
export type FsspDebtsTable = {
  id: Generated<number>;
  subject_key: string;
  number: string;
  uin: string;
  opened_on: string;
  amount_kopecks: ColumnType<string, number, number>;
  subject: string;
  bailiff_office: string;
  paid_at: Timestamp | null;
  created_at: Timestamp;
};

/** One run of a named background job (server/jobs/). */
export type JobsTable = {
  id: Generated<string>;
  name: string;
  payload: ColumnType<unknown, string, string>;
  unique_key: string | null;
  /** queued → running → done, or back to queued after a failure, or failed after the last attempt. */
  status: string;
  run_at: Timestamp;
  attempts: Generated<number>;
  max_attempts: number;
  locked_by: string | null;
  locked_until: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
  finished_at: Timestamp | null;
};

/** The fines sandbox: the day generation of each document is anchored to. */
export type SandboxSubjectsTable = { key: string; anchor_day: string };
/** The fines sandbox: fines added by its controls (a SourceFine as JSON). */
export type SandboxFinesTable = { id: Generated<number>; subject_key: string; fine: ColumnType<unknown, string, string> };

/** When each document (by its storage key) is checked again; `subject` is the FineSubject to ask the source with. */
export type SubjectChecksTable = { subject_key: string; subject: ColumnType<unknown, string, string>; next_check_at: Timestamp; last_checked_at: Timestamp | null };
/** From when a user watches a document: what it held then was not news. */
export type WatchBaselinesTable = { user_id: number; subject_key: string; created_at: Timestamp };
/** Items a user has been told about (or that were there when watching began): 'fine:12', 'tax:3', 'fssp:7'. */
export type SeenItemsTable = { user_id: number; item_key: string; seen_at: Timestamp };
/** Notifications sent: new items or a discount reminder, and how they went out. */
export type NotificationsTable = {
  id: Generated<number>;
  user_id: number;
  kind: string;
  items: ColumnType<unknown, string, string>;
  created_at: Timestamp;
  mailed_at: Timestamp | null;
  /** Tries to mail it so far; a failed one is tried again later (notifications.deliverPending), at most 5 times. */
  mail_attempts: Generated<number>;
  pushed: Generated<number>;
};
/** One discount reminder per user and fine. */
export type DiscountRemindersTable = { user_id: number; fine_id: number; created_at: Timestamp };
/** Browsers subscribed to web push (the Push API subscription). */
export type PushSubscriptionsTable = { id: Generated<number>; user_id: number; endpoint: string; p256dh: string; auth: string; created_at: Timestamp };
/** Secrets every process shares, made on first start when no setting gives them. */
export type AppSecretsTable = { name: string; value: string };

/** An organization of a legal-entity account, with its subscription (subscribe_type 0: demo). */
export type OrganizationsTable = {
  id: Generated<number>;
  user_id: number;
  inn: string;
  name: string;
  kpp: string | null;
  ogrn: string | null;
  address: string | null;
  /** legal (10-digit ИНН) or individual (ИП, 12 digits). */
  kind: string;
  subscribe_type: number;
  subscription_end: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
};
/** A vehicle of an organization's fleet; its fines are stored under subject_key like a person's. */
export type FleetVehiclesTable = {
  id: Generated<number>;
  organization_id: number;
  sts: string;
  plate_number: string;
  plate_region: string;
  model: string | null;
  subject_key: string;
  created_at: Timestamp;
};
/** A driver licence of an organization's fleet. */
export type FleetDriversTable = { id: Generated<number>; organization_id: number; number: string; full_name: string | null; subject_key: string; created_at: Timestamp };
/** An invoice (счёт) for an organization's subscription; `hash` is the unguessable part of /invoice/{hash}/. */
export type InvoicesTable = {
  id: Generated<number>;
  organization_id: number;
  hash: string;
  number: string;
  vehicles: number;
  months: number;
  price_kopecks: ColumnType<string, number, number>;
  total_kopecks: ColumnType<string, number, number>;
  created_at: Timestamp;
  paid_at: Timestamp | null;
};

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

/** Payment statuses: waiting for the gateway, paid, refused or failed, cancelled by the payer. */
export type PaymentStatus = 'wait' | 'success' | 'error' | 'cancelled';

/** Who pays and where the receipt goes (what the gateway needs for a fine). */
export type PayerJson = { fio: string; stsNumber?: string; driverLicense?: string; inn?: string };

/** A payment of one or several fines (050_payments); `id` is the paymentId the client polls. */
export type PaymentsTable = {
  id: string;
  user_id: number;
  status: PaymentStatus;
  recipient_type: 'fines' | 'taxes';
  payment_system: 'moneta' | 'A3';
  email: string;
  payer: ColumnType<PayerJson, string, string>;
  amount_kopecks: ColumnType<string, number, number>;
  commission_kopecks: ColumnType<string, number, number>;
  total_kopecks: ColumnType<string, number, number>;
  gateway_operation_id: string | null;
  error_desc: string | null;
  receipt_hash: string | null;
  created_at: Timestamp;
  finished_at: Timestamp | null;
};

/** A fine inside a payment, at the amount quoted; `holds` while the payment runs. */
export type PaymentItemsTable = {
  id: Generated<number>;
  payment_id: string;
  /** The fine paid, or null for a tax. */
  fine_id: number | null;
  /** The tax accrual paid (053_tax_payments), or null for a fine. */
  tax_id: number | null;
  uin: string;
  amount_kopecks: ColumnType<string, number, number>;
  full_kopecks: ColumnType<string, number, number>;
  holds: boolean;
};

/** What happened to a payment: gateway notifications (accepted or refused), cancels, expiries. */
export type PaymentEventsTable = { id: Generated<string>; payment_id: string | null; at: Timestamp; kind: string; outcome: string };

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

/** An order held by our A3 sandbox gateway (052_a3_sandbox_orders). */
export type A3SandboxOrdersTable = {
  order_id: string;
  amount_kopecks: ColumnType<string, number, number>;
  description: string;
  return_url: string;
  fail_url: string;
  callback_url: string;
  status: 'created' | 'processing' | 'paid' | 'declined';
  operation_id: string | null;
  created_at: Timestamp;
};

/** A cashback request for a paid payment (051_cashback_requests). */
export type CashbackRequestsTable = { payment_id: string; user_id: number; email: string; description: string; created_at: Timestamp };
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

/** The whole database as kysely sees it. */
export type Database = {
  clients: ClientsTable;
  users: UsersTable;
  sessions: SessionsTable;
  sts_documents: StsDocumentsTable;
  driver_licenses: DriverLicensesTable;
  inns: InnsTable;
  fine_subjects: FineSubjectsTable;
  fines: FinesTable;
  orders: OrdersTable;
  photos: PhotosTable;
  photo_fetches: PhotoFetchesTable;
  search_grants: SearchGrantsTable;
  rate_limits: RateLimitsTable;
  auth_tokens: AuthTokensTable;
  mail_outbox: MailOutboxTable;
  inn_checks: InnChecksTable;
  taxes: TaxesTable;
  fssp_debts: FsspDebtsTable;
  jobs: JobsTable;
  sandbox_subjects: SandboxSubjectsTable;
  sandbox_fines: SandboxFinesTable;
  subject_checks: SubjectChecksTable;
  watch_baselines: WatchBaselinesTable;
  seen_items: SeenItemsTable;
  notifications: NotificationsTable;
  discount_reminders: DiscountRemindersTable;
  push_subscriptions: PushSubscriptionsTable;
  app_secrets: AppSecretsTable;
  organizations: OrganizationsTable;
  fleet_vehicles: FleetVehiclesTable;
  fleet_drivers: FleetDriversTable;
  invoices: InvoicesTable;
  audit_log: AuditLogTable;
  csp_reports: CspReportsTable;
  payments: PaymentsTable;
  payment_items: PaymentItemsTable;
  payment_events: PaymentEventsTable;
  cashback_requests: CashbackRequestsTable;
  a3_sandbox_orders: A3SandboxOrdersTable;
  crm_leads: CrmLeadsTable;
  tracking_events: TrackingEventsTable;
  experiments: ExperimentsTable;
  support_tickets: SupportTicketsTable;
  consents: ConsentsTable;
};

/** A fine row as read. */
export type FineRow = Selectable<FinesTable>;
/** A payment order row as read. */
export type OrderRow = Selectable<OrdersTable>;
/** A fine row to insert. */
export type NewFineRow = Insertable<FinesTable>;
/** An СТС row as read. */
export type StsRow = Selectable<StsDocumentsTable>;
/** A licence row as read. */
export type DriverLicenseRow = Selectable<DriverLicensesTable>;
/** An ИНН row as read. */
export type InnRow = Selectable<InnsTable>;

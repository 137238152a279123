import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { FineSourceStatesTable, PaymentPathsTable, SandboxChargeStatesTable, SandboxGisgmpPaymentsTable, SbpPaymentsTable, SbpSandboxInvoicesTable } from './sbpPathTables.ts';
import type { A3SandboxOrdersTable, CashbackRequestsTable, PaymentEventsTable, PaymentItemsTable, PaymentsTable } from './paymentTables.ts';
import type { AuditLogTable, ConsentsTable, CrmLeadsTable, CspReportsTable, ExperimentsTable, SupportTicketsTable, TrackingEventsTable } from './platformTables.ts';

/** The payments' and the platform's tables, kept in their own files. */
export type { A3SandboxOrdersTable, CashbackRequestsTable, PayerJson, PaymentEventsTable, PaymentItemsTable, PaymentStatus, PaymentsTable } from './paymentTables.ts';
import type { A3SandboxBindingsTable, A3SandboxTokenChargesTable, AutopayCardsTable, AutopayChargesTable, AutopayRulesTable, AutopayTokenRemovalsTable, MonetaSandboxChargesTable, MonetaSandboxTokensTable } from './autopayTables.ts';
export type { A3SandboxBindingsTable, A3SandboxTokenChargesTable, AutopayCardsTable, AutopayChargesTable, AutopayChargeStatus, AutopayRulesTable, AutopayTokenRemovalsTable, MonetaSandboxChargesTable, MonetaSandboxTokensTable } from './autopayTables.ts';
import type { CameraRevisionTable, CamerasTable } from './mapTables.ts';
import type { FleetDriversTable, FleetVehiclesTable, InvoicesTable, OrganizationsTable } from './organizationTables.ts';
export type { FleetDriversTable, FleetVehiclesTable, InvoicesTable, OrganizationsTable } from './organizationTables.ts';
import type { FleetAssignmentsTable, FleetDriverNoticesTable, FleetFineDriversTable } from './fleetDriverTables.ts';
export type { FleetAssignmentsTable, FleetDriverNoticesTable, FleetFineDriversTable } from './fleetDriverTables.ts';
import type { DeviceMergeOffersTable, SessionHandoffsTable } from './identityTables.ts';
export type { DeviceMergeOffersTable, SessionHandoffsTable } from './identityTables.ts';
import type { OAuthFlowsTable, OAuthSandboxGrantsTable, PhoneCodesTable, SmsBudgetTable, UserIdentitiesTable, UserPhonesTable } from './signInTables.ts';
export type { CameraRevisionTable, CamerasTable } from './mapTables.ts';
import type { ApiKeysTable, IntegrationEventsTable, WebhookAttemptsTable, WebhookDeliveriesTable, WebhookEndpointsTable } from './integrationTables.ts';
import type { BankStatementsTable, FinePaymentExportsTable, InvoicePaymentsTable, OrganizationBankAccountsTable, PaymentRegistriesTable } from './billingTables.ts';
export type { BankStatementsTable, FinePaymentExportsTable, InvoicePaymentsTable, OrganizationBankAccountsTable, PaymentRegistriesTable } from './billingTables.ts';
export type { AuditLogTable, ConsentsTable, CrmLeadsTable, CspReportsTable, ExperimentsTable, SupportTicketsTable, TrackingEventsTable } from './platformTables.ts';

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
  /** When the link was ended unused: the password changed or was reset, or the account was erased. */
  revoked_at: Timestamp | null;
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
  /** ЕКС (40102…); absent in fines stored before issue 26. */
  correspondentAccount?: string;
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
  fleet_assignments: FleetAssignmentsTable;
  fleet_fine_drivers: FleetFineDriversTable;
  fleet_driver_notices: FleetDriverNoticesTable;
  invoices: InvoicesTable;
  audit_log: AuditLogTable;
  csp_reports: CspReportsTable;
  payments: PaymentsTable;
  payment_items: PaymentItemsTable;
  payment_events: PaymentEventsTable;
  cashback_requests: CashbackRequestsTable;
  a3_sandbox_orders: A3SandboxOrdersTable;
  a3_sandbox_bindings: A3SandboxBindingsTable;
  a3_sandbox_token_charges: A3SandboxTokenChargesTable;
  crm_leads: CrmLeadsTable;
  cameras: CamerasTable;
  camera_revision: CameraRevisionTable;
  tracking_events: TrackingEventsTable;
  experiments: ExperimentsTable;
  support_tickets: SupportTicketsTable;
  consents: ConsentsTable;
  device_merge_offers: DeviceMergeOffersTable;
  session_handoffs: SessionHandoffsTable;
  autopay_cards: AutopayCardsTable;
  autopay_rules: AutopayRulesTable;
  autopay_charges: AutopayChargesTable;
  autopay_token_removals: AutopayTokenRemovalsTable;
  moneta_sandbox_tokens: MonetaSandboxTokensTable;
  moneta_sandbox_charges: MonetaSandboxChargesTable;
  api_keys: ApiKeysTable;
  webhook_endpoints: WebhookEndpointsTable;
  integration_events: IntegrationEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  sbp_payments: SbpPaymentsTable;
  sbp_sandbox_invoices: SbpSandboxInvoicesTable;
  fine_source_states: FineSourceStatesTable;
  sandbox_charge_states: SandboxChargeStatesTable;
  sandbox_gisgmp_payments: SandboxGisgmpPaymentsTable;
  payment_paths: PaymentPathsTable;
  bank_statements: BankStatementsTable;
  invoice_payments: InvoicePaymentsTable;
  organization_bank_accounts: OrganizationBankAccountsTable;
  fine_payment_exports: FinePaymentExportsTable;
  payment_registries: PaymentRegistriesTable;
  user_phones: UserPhonesTable;
  phone_codes: PhoneCodesTable;
  sms_budget: SmsBudgetTable;
  user_identities: UserIdentitiesTable;
  oauth_flows: OAuthFlowsTable;
  oauth_sandbox_grants: OAuthSandboxGrantsTable;
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

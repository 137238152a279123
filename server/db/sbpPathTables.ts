import type { ColumnType } from 'kysely';

// The tables of issue 25's СБП, pay-once and payment-path parts (105–107). Re-exported by schema.ts.

/** A timestamp column: written and read as a Date (timestamptz). */
type Timestamp = ColumnType<Date, Date, Date>;
/** A bigint column of kopecks: written as a number, read as text. */
type Kopecks = ColumnType<string, number, number>;

/** A payment made by СБП: the gateway's operation and the payment link (105_sbp). */
export type SbpPaymentsTable = { payment_id: string; operation_id: string; payload: string; created_at: Timestamp };

/** An invoice our MerchantAPI sandbox holds for its «bank app» page (105_sbp). */
export type SbpSandboxInvoicesTable = {
  qr_id: string;
  operation_id: string;
  transaction_id: string;
  amount_kopecks: Kopecks;
  description: string;
  redirect_url: string;
  status: 'created' | 'paid' | 'declined' | 'expired';
  expires_at: Timestamp;
  created_at: Timestamp;
};

/** What the source said about a fine before a payment (106_pay_once): paid elsewhere or cancelled, since a day. */
export type FineSourceStatesTable = { fine_id: number; state: 'paid' | 'cancelled'; since: string; checked_at: Timestamp };

/** The sandbox source's state of a charge set by its controls (106_pay_once). */
export type SandboxChargeStatesTable = { uin: string; state: 'paid' | 'cancelled'; since: string };

/** A payment our service reported to the sandbox source (106_pay_once). */
export type SandboxGisgmpPaymentsTable = { uin: string; number: string; amount_kopecks: Kopecks; paid_at: Timestamp; received_at: Timestamp };

/** A paid fine's path to ГИС ГМП (107_payment_paths). */
export type PaymentPathsTable = {
  fine_id: number;
  payment_id: string;
  uin: string;
  amount_kopecks: Kopecks;
  paid_at: Timestamp;
  sent_at: Timestamp | null;
  gis_number: string | null;
  accounted_at: Timestamp | null;
  checked_at: Timestamp | null;
  overdue_at: Timestamp | null;
  ticket_id: number | null;
};

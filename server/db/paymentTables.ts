import type { ColumnType, Generated } from 'kysely';

// The payments' tables (050–053): payments, their items and events, cashback requests, and the orders
// of our A3 sandbox. Re-exported by schema.ts, which assembles the Database type.

/** A timestamp column: written as a Date, read back as a Date (timestamptz). */
type Timestamp = ColumnType<Date, Date, Date>;

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
  /** The gateway page the payer was sent to (054), for «Продолжить оплату»; null until the gateway took the payment. */
  redirect_url: ColumnType<string | null, string | null | undefined, string | null>;
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

import type { ColumnType, Generated } from 'kysely';

/** A timestamp column: written as a Date, read back as a Date (timestamptz). */
type Timestamp = ColumnType<Date, Date, Date>;

/** A bank statement (1CClientBankExchange) read by the operator; its SHA-256 makes a second upload a no-op. */
export type BankStatementsTable = { id: Generated<number>; sha256: string; uploaded_by: number | null; uploaded_at: Timestamp; documents: number; matched: number };

/** How an invoice was settled: 'admin' (marked by the operator), 'statement' (a bank statement line), 'sandbox'. */
export type InvoicePaymentsTable = {
  id: Generated<number>;
  invoice_id: number;
  source: 'admin' | 'statement' | 'sandbox';
  marked_by: number | null;
  statement_id: number | null;
  /** The statement's document (number and date) that paid it. */
  document: string | null;
  /** The subscription's end after this payment. */
  subscription_end: Timestamp;
  created_at: Timestamp;
};

/** The organization's bank account: the payer of its payment orders; `next_number` numbers the orders. */
export type OrganizationBankAccountsTable = {
  organization_id: number;
  account: string;
  bik: string;
  bank_name: string;
  correspondent_account: string;
  next_number: Generated<number>;
  updated_at: Timestamp;
};

/** A fine that went into an exported payment order (the last export wins). */
export type FinePaymentExportsTable = { organization_id: number; fine_id: number; order_number: number; exported_at: Timestamp };

/** An export of payment orders as written (issue 26 §3–4): 'cabinet' or 'api' (then the key), the orders and payer as JSON. */
export type PaymentRegistriesTable = {
  id: Generated<number>;
  organization_id: number;
  source: 'cabinet' | 'api';
  api_key_id: number | null;
  /** The orders' date (YYYY-MM-DD) and the file's creation time (HH:MM:SS, Moscow). */
  order_date: string;
  order_time: string;
  /** OrderPayer and PaymentOrder[] of server/organizations/paymentOrders/paymentOrderFile.ts. */
  payer: ColumnType<unknown, string, string>;
  orders: ColumnType<unknown, string, string>;
  orders_count: number;
  total_kopecks: ColumnType<string | number, number, number>;
  created_at: Timestamp;
};

import type { ColumnType, Generated } from 'kysely';

// The tables of Автооплата (100_autopay). Re-exported by schema.ts, which assembles the Database type.

/** A timestamp column: written as a Date, read back as a Date (timestamptz). */
type Timestamp = ColumnType<Date, Date, Date>;

/** A card bound at a gateway: 'pending' while the payer is on the gateway's page, 'bound' with its token. */
export type AutopayCardsTable = {
  /** 128 random bits, hex: the binding's transaction id (moneta's MNT_SUBSCRIBER_ID). */
  id: string;
  user_id: number;
  gateway: 'moneta' | 'A3';
  status: 'pending' | 'bound' | 'failed';
  /** The gateway's token (never the card number). */
  token: string | null;
  /** The card as the gateway masks it: '411111******1111'. */
  mask: string | null;
  /** 'MM/YY'. */
  expiry: string | null;
  created_at: Timestamp;
  bound_at: Timestamp | null;
};

/** A document paid automatically, with the user's limits (kopecks). */
export type AutopayRulesTable = {
  id: Generated<number>;
  user_id: number;
  /** 'fleet': the whole fleet of organization document_id (140), the owner's rule. */
  document_kind: 'sts' | 'dl' | 'fleet';
  document_id: number;
  subject_key: string;
  /** The document as the fines source is asked about it (FineSubject). */
  subject: ColumnType<unknown, string, string>;
  max_fine_kopecks: ColumnType<string, number, number>;
  monthly_kopecks: ColumnType<string, number, number>;
  created_at: Timestamp;
  /** The organization of a fleet rule (140); null for a person's document. */
  organization_id: ColumnType<number | null, number | null | undefined, number | null>;
};

/** What became of a fine found for autopay. */
export type AutopayChargeStatus = 'scheduled' | 'charging' | 'retry' | 'paid' | 'cancelled' | 'skipped' | 'paid_elsewhere' | 'over_limit' | 'declined' | 'expired';

/** A fine scheduled to be charged to the user's bound card. */
export type AutopayChargesTable = {
  id: Generated<number>;
  user_id: number;
  /** The document's rule; null once autopay is turned off for it (the history stays). */
  rule_id: number | null;
  fine_id: number;
  uin: string;
  /** The discounted amount announced in the mail. */
  amount_kopecks: ColumnType<string, number, number>;
  discount_last_day: string;
  status: AutopayChargeStatus;
  charge_at: Timestamp;
  attempts: Generated<number>;
  payment_id: string | null;
  reason: string | null;
  created_at: Timestamp;
  finished_at: Timestamp | null;
  /** The organization whose fleet the fine is of (140); null for a person's document. */
  organization_id: ColumnType<number | null, number | null | undefined, number | null>;
};

/** A token to remove at its gateway (card deleted, autopay off, account erased); the row goes once the gateway confirms. */
export type AutopayTokenRemovalsTable = { id: Generated<number>; gateway: 'moneta' | 'A3'; token: string; attempts: Generated<number>; created_at: Timestamp };

/** A card token our moneta sandbox issued. */
export type MonetaSandboxTokensTable = { token: string; operation_id: string; subscriber_id: string; card: string; expiry: string; active: boolean; created_at: Timestamp };

/** A token charge our moneta sandbox made (by the merchant's clientTransaction: one charge per transaction). */
export type MonetaSandboxChargesTable = { client_transaction: string; operation_id: string; token: string; amount_kopecks: ColumnType<string, number, number>; status: 'SUCCEED' | 'CANCELED'; created_at: Timestamp };

/** A binding our A3 sandbox holds (141): 'created' while the payer is on its page, then 'bound' with the token, or 'declined'. */
export type A3SandboxBindingsTable = {
  binding_id: string;
  return_url: string;
  fail_url: string;
  status: 'created' | 'bound' | 'declined';
  token: string | null;
  card: string | null;
  expiry: string | null;
  active: Generated<boolean>;
  created_at: Timestamp;
};

/** Which token paid which of our A3 sandbox's orders (141). */
export type A3SandboxTokenChargesTable = { order_id: string; token: string; created_at: Timestamp };

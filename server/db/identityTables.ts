import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date, Date>;

/** An offer to move a device's anonymous data into the account it signed in to by a mailed link (migration 095). */
export type DeviceMergeOffersTable = {
  /** SHA-256 of the token the signing-in device received; only that device can accept. */
  token_hash: string;
  anonymous_id: number;
  account_id: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
};

/** A one-time code an app exchanges for a new session of its user on a page it opens (migration 095). */
export type SessionHandoffsTable = {
  code_hash: string;
  user_id: number;
  platform: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
};

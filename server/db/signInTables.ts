import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date, Date>;

/** An account's confirmed mobile number, 11 digits '79…' (migration 120); a phone belongs to one account. */
export type UserPhonesTable = {
  phone: string;
  user_id: number;
  confirmed_at: Timestamp;
};

/** A code sent by SMS: its hash, what it is for, how many wrong tries it took (migration 120). */
export type PhoneCodesTable = {
  id: Generated<number>;
  phone: string;
  /** SHA-256 of the phone and the code: a code of another number never matches. */
  code_hash: string;
  /** 'login' signs in or registers; 'link' adds the phone to the account `user_id`. */
  purpose: string;
  user_id: number | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  attempts: Generated<number>;
  used_at: Timestamp | null;
};

/** SMS sent on one Moscow day by every process together (migration 120). */
export type SmsBudgetTable = {
  day: string;
  sent: number;
};

/** A Яндекс ID or VK ID account linked to ours (migration 121): one per provider per account. */
export type UserIdentitiesTable = {
  provider: string;
  subject: string;
  user_id: number;
  email: string | null;
  name: string | null;
  created_at: Timestamp;
};

/** A sign-in by a provider under way: the state's hash, the PKCE verifier, the device that started it (migration 121). */
export type OAuthFlowsTable = {
  state_hash: string;
  provider: string;
  code_verifier: string;
  /** 'login' signs in or registers; 'link' adds the provider account to `user_id`; 'erase' proves `user_id` is its person's before erasure. */
  purpose: string;
  user_id: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  /** An 'erase' flow that came back as the account's own person (migration 130): the erasure takes it within minutes. */
  proven_at: Timestamp | null;
};

/** Our sandbox provider's codes and tokens (migration 121). */
export type OAuthSandboxGrantsTable = {
  code_hash: string;
  provider: string;
  client_id: string;
  redirect_uri: string;
  code_challenge: string;
  login: string;
  token_hash: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
};

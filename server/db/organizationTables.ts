import type { ColumnType, Generated } from 'kysely';

/** A timestamp column: written as a Date, read back as a Date (timestamptz). */
type Timestamp = ColumnType<Date, Date, Date>;

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
  /** Whether drivers are mailed about fines matched to them, and since when (113). */
  notify_drivers: Generated<boolean>;
  notify_drivers_since: ColumnType<Date | null, Date | null | undefined, Date | null>;
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
export type FleetDriversTable = {
  id: Generated<number>;
  organization_id: number;
  number: string;
  full_name: string | null;
  subject_key: string;
  created_at: Timestamp;
  /** Where the driver is told about fines matched to them (113); null: not told. */
  email: ColumnType<string | null, string | null | undefined, string | null>;
};
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

import type { ColumnType, Generated } from 'kysely';

/** A timestamp column: written as a Date, read back as a Date (timestamptz). */
type Timestamp = ColumnType<Date, Date, Date>;

/** A driver at the wheel of a fleet vehicle from `starts_at` up to (not including) `ends_at`; times entered in `time_zone`. */
export type FleetAssignmentsTable = {
  id: Generated<number>;
  organization_id: number;
  vehicle_id: number;
  driver_id: number;
  starts_at: Timestamp;
  ends_at: Timestamp;
  /** The zone of the vehicle's plate region the times were read in (IANA). */
  time_zone: string;
  created_at: Timestamp;
};

/** Who drove at a fleet fine's violation (null: no assignment covers it) and who bears it. */
export type FleetFineDriversTable = {
  organization_id: number;
  fine_id: number;
  driver_id: number | null;
  assignment_id: number | null;
  /** The violation's instant (null when the source gave none that reads). */
  violation_at: Timestamp | null;
  /** 'company' or 'driver' once the company has decided; null before. */
  bearer: string | null;
  matched_at: Timestamp;
};

/** One mail to a driver about one fine matched to them. */
export type FleetDriverNoticesTable = {
  driver_id: number;
  fine_id: number;
  created_at: Timestamp;
  mailed_at: Timestamp | null;
  mail_attempts: Generated<number>;
};

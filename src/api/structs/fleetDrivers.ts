import { array, boolean, enums, literal, nullable, number, object, optional, pattern, string, type, union } from 'superstruct';
import type { Infer } from 'superstruct';
import { EmailAddress, Flag } from './account.ts';
import { Id, textField } from './fields.ts';

/** A wall-clock date-time of the vehicle's region, 'YYYY-MM-DDTHH:MM' (what <input type="datetime-local"> gives). */
export const LocalDateTime = pattern(string(), /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d$/);

/** A driver of a fleet with what the drivers' screens need: the e-mail fines are mailed to. */
export const FleetDriverCard = type({ id: number(), driverLicense: string(), fullName: nullable(string()), email: nullable(string()) });
/** A fleet driver with an e-mail. */
export type FleetDriverCard = Infer<typeof FleetDriverCard>;

/** An assignment: who drove which vehicle from when up to when, as wall-clock times of the vehicle's region. */
export const FleetAssignment = type({
  id: number(),
  vehicleId: number(),
  driverId: number(),
  vehiclePlate: string(),
  driverName: string(),
  startsAt: string(),
  endsAt: string(),
  /** The IANA zone of the plate's region the times are in. */
  timeZone: string(),
});
/** An assignment. */
export type FleetAssignment = Infer<typeof FleetAssignment>;

/** `GET /105/api/organization/{id}/drivers/board`: drivers with e-mails, the latest assignments, whether drivers are told. */
export const DriversBoard = type({ drivers: array(FleetDriverCard), assignments: array(FleetAssignment), notifyDrivers: boolean(), unmatched: number() });
/** The drivers' board. */
export type DriversBoard = Infer<typeof DriversBoard>;

/** `POST /105/api/organization/{id}/assignments` body. */
export const FleetAssignmentInput = object({ vehicleId: Id, driverId: Id, startsAt: LocalDateTime, endsAt: LocalDateTime });
/** The added assignment. */
export const FleetAssignmentAdded = type({ item: FleetAssignment });

/** `POST /105/api/organization/{id}/drivers/{driverId}` body: the e-mail (empty: none) and the name. */
export const FleetDriverUpdate = object({ email: optional(union([EmailAddress, literal('')])), fullName: optional(textField(120)) });
/** Its reply: the driver as saved. */
export const FleetDriverUpdated = type({ item: FleetDriverCard });
/** `POST /105/api/organization/{id}/driver-settings` body. */
export const DriverSettingsInput = object({ notifyDrivers: Flag });
/** Its reply. */
export const DriverSettingsReply = type({ notifyDrivers: boolean() });

/** What became of a waybill row: can be added, is there already, added, or has an error. */
export const WaybillRowStatus = enums(['ready', 'exists', 'added', 'invalid']);
/** One row of a waybill register as read, with what is wrong with it (or nothing). */
export const WaybillRow = type({
  line: number(),
  vehicle: string(),
  driver: string(),
  startsAt: string(),
  endsAt: string(),
  /** A licence the fleet does not have yet: the driver is added with the row. */
  newDriver: boolean(),
  error: nullable(string()),
  status: WaybillRowStatus,
});
/** A waybill row. */
export type WaybillRow = Infer<typeof WaybillRow>;
/** `POST /105/api/organization/{id}/waybills/import` reply. */
export const WaybillImportReply = type({ rows: array(WaybillRow), added: number(), preview: boolean() });

/** `POST /105/api/organization/{id}/fines/{fineId}/bearer` body: who bears the fine. */
export const FineBearerInput = object({ bearer: enums(['company', 'driver']) });
/** Its reply. */
export const FineBearerReply = type({ fineId: number(), bearer: enums(['company', 'driver']) });

/** `GET /105/api/organization/{id}/drivers/{driverId}/statement` query: the month, the file, the next payment to the driver after tax (kopecks, optional). */
export const DriverStatementQuery = object({
  month: pattern(string(), /^\d{4}-(0[1-9]|1[0-2])$/),
  format: enums(['xlsx', 'pdf']),
  pay: optional(Id),
});

/** Filters of the fleet's fines by driver: a driver's id, or 'none' for fines nobody is matched to. */
export const DriverFilter = union([Id, literal('none')]);


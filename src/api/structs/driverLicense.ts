import { array, boolean, nullable, number, object, optional, string, type } from 'superstruct';
import type { Infer } from 'superstruct';
import { DriverLicenseNumber, Id, PastDate, PersonName } from './fields.ts';

/** A driver licence (ВУ) in a user's profile (spec §3). */
export const DriverLicense = type({
  id: number(),
  driverLicense: string(),
  issue_date: nullable(string()),
  first_issue_date: nullable(string()),
  surname: nullable(string()),
  name: nullable(string()),
  patronymic: nullable(string()),
  /** "Фамилия Имя Отчество" from the parts that are set, or an empty string. */
  driverName: string(),
});
/** A driver licence. */
export type DriverLicense = Infer<typeof DriverLicense>;

/** `POST /105/api/driverLicense` and `PUT /105/api/dl/{id}` body; dates are DD.MM.YYYY. */
export const DriverLicenseInput = object({
  driverLicense: DriverLicenseNumber,
  issue_date: optional(PastDate),
  first_issue_date: optional(PastDate),
  surname: optional(PersonName),
  name: optional(PersonName),
  patronymic: optional(PersonName),
});
/** Body of adding or editing a licence. */
export type DriverLicenseInput = Infer<typeof DriverLicenseInput>;

/** `DELETE /105/api/driverLicense` parameters: `driverLicense` (the licence number) or `id`. */
export const DriverLicenseDeleteInput = object({ driverLicense: optional(DriverLicenseNumber), id: optional(Id) });

/** `GET /105/api/driverLicense` reply. */
export const DriverLicenseListReply = type({ driverLicense: array(DriverLicense) });
/** `POST /105/api/driverLicense` reply (added false: that number was already there). */
export const DriverLicenseAddReply = type({ item: DriverLicense, added: boolean() });
/** `PUT /105/api/dl/{id}` reply. */
export const DriverLicenseEditReply = type({ item: DriverLicense });

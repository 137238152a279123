import { array, boolean, enums, literal, nullable, number, object, optional, string, type } from 'superstruct';
import type { Infer } from 'superstruct';
import { Id, Kopecks, PlateNumber, PlateRegion, StsNumber, DriverLicenseNumber, Roubles, textField } from './fields.ts';
import { Flag } from './account.ts';
import { DriverFilter } from './fleetDrivers.ts';

/** An organization of the account (spec §3 Organization, web response, and the derived flags). */
export const Organization = type({
  id: number(),
  name: string(),
  inn: string(),
  kpp: nullable(string()),
  ogrn: nullable(string()),
  address: nullable(string()),
  type: enums(['legal', 'individual']),
  countDays: number(),
  subscribeType: number(),
  subscriptionEndDate: string(),
  createdAt: string(),
  updatedAt: string(),
  isExpired: boolean(),
  isDemo: boolean(),
  isSubscriptionEndTomorrow: boolean(),
  vehicles: number(),
  drivers: number(),
});
/** An organization. */
export type Organization = Infer<typeof Organization>;

/** `GET /105/api/organization` reply. */
export const OrganizationListReply = type({ items: array(Organization) });
/** `POST /105/api/organization` and `/organization/{id}` reply. */
export const OrganizationReply = type({ item: Organization });

/**
 * `POST /105/api/organization` body (spec §7: name, inn, countDays, subscribeType). The ИНН is checked
 * by the spec's rule in the route (its messages); the name is looked up when absent. The server
 * decides the subscription: a new organization starts in demo whatever countDays and subscribeType say.
 */
export const OrganizationInput = object({
  inn: optional(string()),
  name: optional(textField(300)),
  countDays: optional(string()),
  subscribeType: optional(string()),
});
/** `POST /105/api/organization/{id}` body: the ИНН (required, spec §5) and the name. */
export const OrganizationUpdateInput = object({ inn: optional(string()), name: optional(textField(300)) });

/** `GET /105/api/company` reply: what the register knows. */
export const CompanyReply = type({ inn: string(), name: string(), kpp: nullable(string()), ogrn: string(), address: string(), type: enums(['legal', 'individual']) });
/** Company data. */
export type CompanyReply = Infer<typeof CompanyReply>;

/** `GET /105/api/organization/subscription-end` reply (spec: checkIsSubscriptionEnd). */
export const SubscriptionEndReply = type({ isSubscriptionEnd: boolean() });

/** `POST /105/api/user/type` body: 3 makes the account a legal entity, -1 a private person again. */
export const UserTypeInput = object({ type: enums(['3', '-1']) });

/** A vehicle of a fleet. */
export const FleetVehicle = type({ id: number(), organizationId: number(), sts: string(), vehiclePlateNumber: string(), vehiclePlateRegion: string(), vehiclePlate: string(), model: nullable(string()) });
/** A vehicle of a fleet. */
export type FleetVehicle = Infer<typeof FleetVehicle>;
/** A driver of a fleet. */
export const FleetDriver = type({ id: number(), organizationId: number(), driverLicense: string(), fullName: nullable(string()) });
/** A driver of a fleet. */
export type FleetDriver = Infer<typeof FleetDriver>;

/** `POST /105/api/organization/{id}/vehicles` body. */
export const FleetVehicleInput = object({ sts: StsNumber, vehiclePlateNumber: PlateNumber, vehiclePlateRegion: PlateRegion, model: optional(textField(100)) });
/** `POST /105/api/organization/{id}/drivers` body. */
export const FleetDriverInput = object({ driverLicense: DriverLicenseNumber, fullName: optional(textField(120)) });

/** Lists of a fleet. */
export const FleetVehiclesReply = type({ items: array(FleetVehicle) });
export const FleetDriversReply = type({ items: array(FleetDriver) });
/** Adding one. */
export const FleetVehicleAdded = type({ item: FleetVehicle, added: boolean() });
export const FleetDriverAdded = type({ item: FleetDriver, added: boolean() });

/** What became of an import row: can be added (preview), already in the fleet, added, or has an error. */
export const ImportRowStatus = enums(['ready', 'exists', 'added', 'invalid']);
/** An import row's status. */
export type ImportRowStatus = Infer<typeof ImportRowStatus>;

/** One row of an import as read from the file, with why it cannot be added (or nothing) and what became of it. */
export const ImportRow = type({
  line: number(),
  sts: string(),
  vehiclePlateNumber: string(),
  vehiclePlateRegion: string(),
  model: nullable(string()),
  error: nullable(string()),
  status: ImportRowStatus,
});
/** An import row. */
export type ImportRow = Infer<typeof ImportRow>;
/** `POST /105/api/organization/{id}/vehicles/import` reply: the rows read, and how many were added (0 for a preview). */
export const ImportReply = type({ rows: array(ImportRow), added: number(), preview: boolean() });

/** `GET /105/api/organization/fines/export` query: the list's filters and the file's format. */
export const FleetExportQuery = object({
  format: enums(['xlsx', 'csv']),
  organization: optional(Id),
  vehicle: optional(Id),
  driver: optional(DriverFilter),
  paid: optional(Flag),
  discount: optional(literal('1')),
});

/** Filters of the fleet's fines. */
export const FleetFinesQuery = object({
  organization: optional(Id),
  vehicle: optional(Id),
  driver: optional(DriverFilter),
  paid: optional(Flag),
  discount: optional(literal('1')),
  page: optional(Id),
  showBy: optional(Id),
});

/** A fine of a fleet: masked (asterisks) while the organization is in demo or its subscription has ended. */
export const FleetFine = type({
  id: number(),
  organizationId: number(),
  organizationName: string(),
  vehicleId: nullable(number()),
  driverId: nullable(number()),
  /** The plate, or the licence a driver's fine was found by. */
  foundBy: string(),
  uin: string(),
  article: string(),
  articleTitle: string(),
  rulingDate: string(),
  place: string(),
  /** Roubles, as in a fine's reply, and the same in kopecks. */
  fullAmount: Roubles,
  amountToPay: Roubles,
  fullAmountKopecks: Kopecks,
  amountToPayKopecks: Kopecks,
  discountActive: boolean(),
  discountLastDay: nullable(string()),
  paid: boolean(),
  masked: boolean(),
  /** Who drove at the violation (issue 26): the assignment's driver or the licence's; null: nobody matched yet. */
  whoDrove: optional(nullable(type({ id: number(), name: string() }))),
  /** Who bears the fine, once the company has decided. */
  bearer: optional(nullable(enums(['company', 'driver']))),
  /** When an unpaid fine last went into an exported payment order (issue 26 §3); null once the source shows it paid. */
  exportedAt: optional(nullable(string())),
});
/** A fleet fine. */
export type FleetFine = Infer<typeof FleetFine>;

/** `GET /105/api/organization/fines` reply: one page, and totals over everything the filters match. */
export const FleetFinesReply = type({
  items: array(FleetFine),
  total: number(),
  page: number(),
  showBy: number(),
  /** Counts of fines (count, unpaid, discounted) and sums in roubles (toPay, savings). */
  totals: type({ count: number(), unpaid: number(), toPay: Roubles, discounted: number(), savings: Roubles }),
  /** Some fleet documents are still being looked up: ask again in 2 s. */
  isWait: optional(literal(true)),
});
/** A page of fleet fines. */
export type FleetFinesReply = Infer<typeof FleetFinesReply>;


import { array, boolean, coerce, enums, nullable, number, object, optional, pattern, size, string, type, union, literal } from 'superstruct';
import type { Infer } from 'superstruct';
import { EmailAddress, Flag } from './account.ts';
import { FleetAssignment, FleetDriverCard } from './fleetDrivers.ts';
import { DriverLicenseNumber, Id, Kopecks, textField } from './fields.ts';
import { FleetVehicle } from './organization.ts';

/** The events a webhook endpoint may take. */
export const WEBHOOK_EVENT_TYPES = ['fine.new', 'fine.paid', 'discount.ending', 'autopay.scheduled'] as const;

/** `POST /105/api/organization/{id}/api-keys`: a name to recognise the key by and what it may do. */
export const ApiKeyInput = object({ name: textField(80), scope: enums(['read', 'read-write']) });
/** A key to create. */
export type ApiKeyInput = Infer<typeof ApiKeyInput>;

/** An API key as the cabinet lists it: never the key itself, only its first characters. */
export const ApiKey = type({ id: number(), name: string(), scope: enums(['read', 'read-write']), prefix: string(), createdAt: string(), lastUsedAt: nullable(string()), revokedAt: nullable(string()) });
/** An API key. */
export type ApiKey = Infer<typeof ApiKey>;
/** The organization's keys, newest first. */
export const ApiKeysReply = type({ items: array(ApiKey) });
/** A new key: `key` is shown this once. */
export const ApiKeyCreatedReply = type({ item: ApiKey, key: string() });
/** Reply of a revocation. */
export const ApiKeyRevokedReply = type({ revoked: number() });

/** Event types, as a list (JSON) or comma-separated (a form). */
const EventList = coerce(size(array(enums(WEBHOOK_EVENT_TYPES)), 1, WEBHOOK_EVENT_TYPES.length), string(), (text) => text.split(',').map((part) => part.trim()).filter((part) => part !== ''));

/** `POST /105/api/organization/{id}/webhooks`: an https address and the events it takes. */
export const WebhookInput = object({ url: textField(2000), events: EventList });
/** A webhook to register. */
export type WebhookInput = Infer<typeof WebhookInput>;

/** A registered endpoint (its secret is shown only when it is created). */
export const Webhook = type({ id: number(), url: string(), events: array(string()), createdAt: string() });
/** A webhook endpoint. */
export type Webhook = Infer<typeof Webhook>;
/** The organization's endpoints. */
export const WebhooksReply = type({ items: array(Webhook) });
/** A new endpoint and its signing secret, shown this once. */
export const WebhookCreatedReply = type({ item: Webhook, secret: string() });
/** Reply of a removal. */
export const WebhookDeletedReply = type({ deleted: number() });
/** Reply of a test event or a resend: the new delivery. */
export const WebhookQueuedReply = type({ deliveryId: string() });

/** One delivery of an event to an endpoint, with how its tries went. */
export const WebhookDelivery = type({
  id: string(),
  eventId: string(),
  type: string(),
  endpointId: number(),
  url: string(),
  status: enums(['pending', 'delivered', 'failed']),
  attempts: number(),
  lastStatusCode: nullable(number()),
  lastError: nullable(string()),
  createdAt: string(),
  deliveredAt: nullable(string()),
  nextAttemptAt: nullable(string()),
  manual: boolean(),
});
/** A delivery. */
export type WebhookDelivery = Infer<typeof WebhookDelivery>;
/** One page of deliveries, newest first. */
export const WebhookDeliveriesReply = type({ items: array(WebhookDelivery), total: number(), page: number(), showBy: number() });
/** A page of deliveries. */
export type WebhookDeliveriesReply = Infer<typeof WebhookDeliveriesReply>;

/** Paging of a list. */
export const PageQuery = object({ page: optional(Id), showBy: optional(Id) });

/** `GET /105/api/v1/vehicles` reply: one page of the key's fleet. */
export const ApiVehiclesReply = type({ items: array(FleetVehicle), total: number(), page: number(), showBy: number() });

/** `GET /105/api/v1/fines` query: a vehicle, paid or not, a running discount, the page. */
export const ApiFinesQuery = object({ vehicle: optional(Id), paid: optional(Flag), discount: optional(union([literal('1')])), page: optional(Id), showBy: optional(Id) });

/** A fleet fine as the integrator API and webhook events give it (amounts in kopecks). */
export const ApiFine = type({
  id: number(),
  uin: string(),
  article: string(),
  articleTitle: string(),
  rulingDate: string(),
  place: string(),
  vehicleId: nullable(number()),
  driverId: nullable(number()),
  vehiclePlate: string(),
  fullAmountKopecks: Kopecks,
  amountToPayKopecks: Kopecks,
  discountActive: boolean(),
  discountLastDay: nullable(string()),
  paid: boolean(),
});
/** `GET /105/api/v1/fines/{fineId}` reply. */
export const ApiFineReply = type({ item: ApiFine });

/** `POST /105/api/v1/drivers` body: the licence, and optionally the name and the e-mail fines are mailed to. */
export const ApiDriverInput = object({ driverLicense: DriverLicenseNumber, fullName: optional(textField(120)), email: optional(union([EmailAddress, literal('')])) });
/** A driver to add. */
export type ApiDriverInput = Infer<typeof ApiDriverInput>;
/** Its reply: the driver (one already in the fleet by licence comes back as it is, added=false). */
export const ApiDriverAdded = type({ item: FleetDriverCard, added: boolean() });
/** `GET /105/api/v1/drivers` reply: one page of the fleet's drivers, in the order they were added. */
export const ApiDriversReply = type({ items: array(FleetDriverCard), total: number(), page: number(), showBy: number() });

/** A day, YYYY-MM-DD. */
const Day = pattern(string(), /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/);
/** `GET /105/api/v1/assignments` query: a vehicle, a driver, a period of days (Moscow, both inclusive) the waybills overlap, the page. */
export const ApiAssignmentsQuery = object({ vehicle: optional(Id), driver: optional(Id), from: optional(Day), to: optional(Day), page: optional(Id), showBy: optional(Id) });
/** The filters of the assignments' list. */
export type ApiAssignmentsQuery = Infer<typeof ApiAssignmentsQuery>;
/** Its reply: one page, latest start first. */
export const ApiAssignmentsReply = type({ items: array(FleetAssignment), total: number(), page: number(), showBy: number() });

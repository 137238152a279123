import { okEnvelope } from './structs/envelope.ts';
import {
  CompanyReply,
  FleetDriverAdded,
  FleetDriversReply,
  FleetFinesReply,
  FleetVehicleAdded,
  FleetVehiclesReply,
  ImportReply,
  OrganizationListReply,
  OrganizationReply,
  SubscriptionEndReply,
} from './structs/organization.ts';
import type { FleetFinesReply as FleetFines } from './structs/organization.ts';
import { AccountReply } from './structs/account.ts';
import { DeletedReply } from './structs/sts.ts';
import type { Credentials } from './structs/credentials.ts';
import { apiCall } from './client.ts';

const listReply = okEnvelope(OrganizationListReply);
const itemReply = okEnvelope(OrganizationReply);
const companyReply = okEnvelope(CompanyReply);
const endReply = okEnvelope(SubscriptionEndReply);
const deletedReply = okEnvelope(DeletedReply);
const vehiclesReply = okEnvelope(FleetVehiclesReply);
const vehicleAdded = okEnvelope(FleetVehicleAdded);
const driversReply = okEnvelope(FleetDriversReply);
const driverAdded = okEnvelope(FleetDriverAdded);
const importReply = okEnvelope(ImportReply);
const finesReply = okEnvelope(FleetFinesReply);
const accountReply = okEnvelope(AccountReply);

/** `GET /105/api/organization?channel=Web`: the account's organizations. */
export async function fetchOrganizations(auth: Credentials) {
  return (await apiCall('/105/api/organization', listReply, { auth, query: { channel: 'Web' } })).items;
}
/** `GET /105/api/company?inn=`: what the register knows about an ИНН (accounts only, limited per hour). */
export function lookupCompany(auth: Credentials, inn: string) {
  return apiCall('/105/api/company', companyReply, { auth, query: { inn } });
}
/** `POST /105/api/organization`: adds an organization by ИНН (the name from the register unless given). */
export async function createOrganization(auth: Credentials, inn: string, name?: string) {
  return (await apiCall('/105/api/organization', itemReply, { method: 'POST', auth, body: { inn, ...(name ? { name } : {}) } })).item;
}
/** `POST /105/api/organization/{id}`: renames, or moves to another ИНН. */
export async function updateOrganization(auth: Credentials, id: number, inn: string, name: string) {
  return (await apiCall(`/105/api/organization/${id}`, itemReply, { method: 'POST', auth, body: { inn, name } })).item;
}
/** `DELETE /105/api/organization/{id}`. */
export async function deleteOrganization(auth: Credentials, id: number) {
  await apiCall(`/105/api/organization/${id}`, deletedReply, { method: 'DELETE', auth });
}
/** `GET /105/api/organization/subscription-end` (spec: checkIsSubscriptionEnd). */
export async function fetchSubscriptionEnd(auth: Credentials) {
  return (await apiCall('/105/api/organization/subscription-end', endReply, { auth })).isSubscriptionEnd;
}
/** `POST /105/api/user/type`: 3 makes the account a legal entity. */
export function setUserType(auth: Credentials, type: 3 | -1) {
  return apiCall('/105/api/user/type', accountReply, { method: 'POST', auth, body: { type: String(type) } });
}
/** `GET /105/api/organization/{id}/vehicles`. */
export async function fetchFleetVehicles(auth: Credentials, organizationId: number) {
  return (await apiCall(`/105/api/organization/${organizationId}/vehicles`, vehiclesReply, { auth })).items;
}
/** `POST /105/api/organization/{id}/vehicles`. */
export function addFleetVehicle(auth: Credentials, organizationId: number, vehicle: { sts: string; vehiclePlateNumber: string; vehiclePlateRegion: string; model?: string }) {
  return apiCall(`/105/api/organization/${organizationId}/vehicles`, vehicleAdded, { method: 'POST', auth, body: vehicle.model ? vehicle : { sts: vehicle.sts, vehiclePlateNumber: vehicle.vehiclePlateNumber, vehiclePlateRegion: vehicle.vehiclePlateRegion } });
}
/** `DELETE /105/api/organization/{id}/vehicles/{vehicleId}`. */
export async function deleteFleetVehicle(auth: Credentials, organizationId: number, vehicleId: number) {
  await apiCall(`/105/api/organization/${organizationId}/vehicles/${vehicleId}`, deletedReply, { method: 'DELETE', auth });
}
/** `POST /105/api/organization/{id}/vehicles/import`: a CSV or XLSX file, read as a preview or added. */
export function importFleetVehicles(auth: Credentials, organizationId: number, file: File, preview: boolean) {
  const form = new FormData();
  form.set('file', file);
  if (preview) form.set('preview', '1');
  return apiCall(`/105/api/organization/${organizationId}/vehicles/import`, importReply, { method: 'POST', auth, body: form });
}
/** `GET /105/api/organization/{id}/drivers`. */
export async function fetchFleetDrivers(auth: Credentials, organizationId: number) {
  return (await apiCall(`/105/api/organization/${organizationId}/drivers`, driversReply, { auth })).items;
}
/** `POST /105/api/organization/{id}/drivers`. */
export function addFleetDriver(auth: Credentials, organizationId: number, driverLicense: string, fullName: string) {
  return apiCall(`/105/api/organization/${organizationId}/drivers`, driverAdded, { method: 'POST', auth, body: fullName ? { driverLicense, fullName } : { driverLicense } });
}
/** `DELETE /105/api/organization/{id}/drivers/{driverId}`. */
export async function deleteFleetDriver(auth: Credentials, organizationId: number, driverId: number) {
  await apiCall(`/105/api/organization/${organizationId}/drivers/${driverId}`, deletedReply, { method: 'DELETE', auth });
}
/** What the fleet's fines are filtered by. */
export type FleetFinesFilters = { organization?: number; vehicle?: number; driver?: number | 'none'; paid?: 0 | 1; discount?: boolean; page: number; showBy: number };
/** `GET /105/api/organization/fines`: a page of the fleets' fines with totals. */
export function fetchFleetFines(auth: Credentials, filters: FleetFinesFilters): Promise<FleetFines> {
  const query: Record<string, string> = { page: String(filters.page), showBy: String(filters.showBy) };
  if (filters.organization !== undefined) query['organization'] = String(filters.organization);
  if (filters.vehicle !== undefined) query['vehicle'] = String(filters.vehicle);
  if (filters.driver !== undefined) query['driver'] = String(filters.driver);
  if (filters.paid !== undefined) query['paid'] = String(filters.paid);
  if (filters.discount === true) query['discount'] = '1';
  return apiCall('/105/api/organization/fines', finesReply, { auth, query });
}

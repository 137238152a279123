import { okEnvelope } from './structs/envelope.ts';
import { DriversBoard, DriverSettingsReply, FineBearerReply, FleetAssignmentAdded, WaybillImportReply } from './structs/fleetDrivers.ts';
import { FleetDriverUpdated } from './structs/fleetDrivers.ts';
import { DeletedReply } from './structs/sts.ts';
import type { Credentials } from './structs/credentials.ts';
import { apiCall, apiDownload } from './client.ts';

const boardReply = okEnvelope(DriversBoard);
const assignmentAdded = okEnvelope(FleetAssignmentAdded);
const deletedReply = okEnvelope(DeletedReply);
const importReply = okEnvelope(WaybillImportReply);
const settingsReply = okEnvelope(DriverSettingsReply);
const bearerReply = okEnvelope(FineBearerReply);
const driverReply = okEnvelope(FleetDriverUpdated);

/** `GET /105/api/organization/{id}/drivers/board`: drivers with e-mails, the latest assignments, the setting, fines without a driver. */
export function fetchDriversBoard(auth: Credentials, organizationId: number) {
  return apiCall(`/105/api/organization/${organizationId}/drivers/board`, boardReply, { auth });
}
/** `POST /105/api/organization/{id}/assignments`: a driver at the wheel from…to (the vehicle region's wall clock). */
export function addAssignment(auth: Credentials, organizationId: number, body: { vehicleId: number; driverId: number; startsAt: string; endsAt: string }) {
  return apiCall(`/105/api/organization/${organizationId}/assignments`, assignmentAdded, { method: 'POST', auth, body: { vehicleId: String(body.vehicleId), driverId: String(body.driverId), startsAt: body.startsAt, endsAt: body.endsAt } });
}
/** `DELETE /105/api/organization/{id}/assignments/{assignmentId}`. */
export async function deleteAssignment(auth: Credentials, organizationId: number, assignmentId: number) {
  await apiCall(`/105/api/organization/${organizationId}/assignments/${assignmentId}`, deletedReply, { method: 'DELETE', auth });
}
/** `POST /105/api/organization/{id}/waybills/import`: a register (CSV or XLSX), read as a preview or added. */
export function importWaybills(auth: Credentials, organizationId: number, file: File, preview: boolean) {
  const form = new FormData();
  form.set('file', file);
  if (preview) form.set('preview', '1');
  return apiCall(`/105/api/organization/${organizationId}/waybills/import`, importReply, { method: 'POST', auth, body: form });
}
/** `POST /105/api/organization/{id}/drivers/{driverId}`: the driver's e-mail ('' removes it). */
export function updateDriverEmail(auth: Credentials, organizationId: number, driverId: number, email: string) {
  return apiCall(`/105/api/organization/${organizationId}/drivers/${driverId}`, driverReply, { method: 'POST', auth, body: { email } });
}
/** `POST /105/api/organization/{id}/driver-settings`: whether drivers are mailed about their fines. */
export function setDriverNotices(auth: Credentials, organizationId: number, on: boolean) {
  return apiCall(`/105/api/organization/${organizationId}/driver-settings`, settingsReply, { method: 'POST', auth, body: { notifyDrivers: on ? '1' : '0' } });
}
/** `POST /105/api/organization/{id}/fines/{fineId}/bearer`: the company or the driver bears the fine. */
export function setFineBearer(auth: Credentials, organizationId: number, fineId: number, bearer: 'company' | 'driver') {
  return apiCall(`/105/api/organization/${organizationId}/fines/${fineId}/bearer`, bearerReply, { method: 'POST', auth, body: { bearer } });
}
/** `GET /105/api/organization/{id}/drivers/{driverId}/statement`: the month's statement as a file. */
export async function downloadStatement(auth: Credentials, organizationId: number, driverId: number, request: { month: string; format: 'xlsx' | 'pdf'; payKopecks?: number }) {
  const query: Record<string, string> = { month: request.month, format: request.format };
  if (request.payKopecks !== undefined && request.payKopecks > 0) query['pay'] = String(request.payKopecks);
  const { blob, filename } = await apiDownload(`/105/api/organization/${organizationId}/drivers/${driverId}/statement`, { query, auth });
  return { blob, filename: filename ?? `vedomost-${request.month}.${request.format}` };
}

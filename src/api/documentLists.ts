import { okEnvelope } from './structs/envelope.ts';
import { DeletedReply, StsEditReply, StsImportReply } from './structs/sts.ts';
import type { Sts } from './structs/sts.ts';
import { DriverLicenseAddReply, DriverLicenseEditReply, DriverLicenseListReply } from './structs/driverLicense.ts';
import type { DriverLicense } from './structs/driverLicense.ts';
import { InnAddReply, InnEditReply, InnListReply } from './structs/inn.ts';
import type { Inn } from './structs/inn.ts';
import type { Credentials } from './structs/credentials.ts';
import { apiCall } from './client.ts';
import type { StsRequest } from './documents.ts';

const deleted = okEnvelope(DeletedReply);
const stsEdited = okEnvelope(StsEditReply);
const stsImported = okEnvelope(StsImportReply);
const licenceList = okEnvelope(DriverLicenseListReply);
const licenceAdded = okEnvelope(DriverLicenseAddReply);
const licenceEdited = okEnvelope(DriverLicenseEditReply);
const innList = okEnvelope(InnListReply);
const innAdded = okEnvelope(InnAddReply);
const innEdited = okEnvelope(InnEditReply);

/** A licence as the profile form sends it (dates DD.MM.YYYY; empty fields are left out). */
export type LicenceRequest = { driverLicense: string; issue_date?: string; surname?: string; name?: string; patronymic?: string };
/** An ИНН as the profile form sends it. */
export type InnRequest = { inn: string; innName?: string; surname?: string; name?: string; patronymic?: string };

/** Drops empty fields: the API treats a missing optional field as "not given". */
const filled = (fields: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1].trim() !== ''));

/** `PUT /105/api/sts/{id}`. */
export async function editSts(auth: Credentials, id: number, request: StsRequest): Promise<Sts> {
  return (await apiCall(`/105/api/sts/${id}`, stsEdited, { method: 'PUT', auth, body: filled(request) })).item;
}
/** `DELETE /105/api/sts` with the id. */
export async function deleteSts(auth: Credentials, id: number): Promise<void> {
  await apiCall('/105/api/sts', deleted, { method: 'DELETE', auth, query: { id: String(id) } });
}
/** `POST /105/api/sts/import`: several vehicles at once, all or nothing. */
export async function importSts(auth: Credentials, list: readonly StsRequest[]): Promise<{ sts: Sts[]; added: number }> {
  return apiCall('/105/api/sts/import', stsImported, { method: 'POST', auth, body: { stsList: JSON.stringify(list) } });
}

/** `GET /105/api/driverLicense`. */
export async function fetchLicences(auth: Credentials): Promise<DriverLicense[]> {
  return (await apiCall('/105/api/driverLicense', licenceList, { auth })).driverLicense;
}
/** `POST /105/api/driverLicense` with the name and dates. */
export async function addLicence(auth: Credentials, request: LicenceRequest): Promise<{ item: DriverLicense; added: boolean }> {
  return apiCall('/105/api/driverLicense', licenceAdded, { method: 'POST', auth, body: filled(request) });
}
/** `PUT /105/api/dl/{id}`. */
export async function editLicence(auth: Credentials, id: number, request: LicenceRequest): Promise<DriverLicense> {
  return (await apiCall(`/105/api/dl/${id}`, licenceEdited, { method: 'PUT', auth, body: filled(request) })).item;
}
/** `DELETE /105/api/driverLicense` with the id. */
export async function deleteLicence(auth: Credentials, id: number): Promise<void> {
  await apiCall('/105/api/driverLicense', deleted, { method: 'DELETE', auth, query: { id: String(id) } });
}

/** `GET /105/api/inn`. */
export async function fetchInns(auth: Credentials): Promise<Inn[]> {
  return (await apiCall('/105/api/inn', innList, { auth })).items;
}
/** `POST /105/api/inn`. */
export async function addInn(auth: Credentials, request: InnRequest): Promise<{ item: Inn; added: boolean }> {
  return apiCall('/105/api/inn', innAdded, { method: 'POST', auth, body: filled(request) });
}
/** `PUT /105/api/inn/{id}`. */
export async function editInn(auth: Credentials, id: number, request: InnRequest): Promise<Inn> {
  return (await apiCall(`/105/api/inn/${id}`, innEdited, { method: 'PUT', auth, body: filled(request) })).item;
}
/** `DELETE /105/api/inn/{id}`. */
export async function deleteInn(auth: Credentials, id: number): Promise<void> {
  await apiCall(`/105/api/inn/${id}`, deleted, { method: 'DELETE', auth });
}

import { okEnvelope } from './structs/envelope.ts';
import { StsAddReply, StsListReply } from './structs/sts.ts';
import type { Sts } from './structs/sts.ts';
import { DriverLicenseAddReply } from './structs/driverLicense.ts';
import type { DriverLicense } from './structs/driverLicense.ts';
import type { Credentials } from './structs/credentials.ts';
import { apiCall } from './client.ts';

const stsListReply = okEnvelope(StsListReply);
const stsAddReply = okEnvelope(StsAddReply);
const licenceAddReply = okEnvelope(DriverLicenseAddReply);

/** A vehicle to add: СТС number, plate without region, region (normalised or as typed; the server normalises). */
export type StsRequest = { sts: string; vehiclePlateNumber: string; vehiclePlateRegion: string };

/** `GET /105/api/sts`: the user's vehicles. */
export async function fetchStsList(auth: Credentials): Promise<Sts[]> {
  return (await apiCall('/105/api/sts', stsListReply, { auth })).sts;
}

/** `POST /105/api/sts`: adds a vehicle, or returns the one with that СТС already in the list. */
export async function addSts(auth: Credentials, request: StsRequest): Promise<Sts> {
  return (await apiCall('/105/api/sts', stsAddReply, { method: 'POST', auth, body: request })).item;
}

/** `POST /105/api/driverLicense`: adds a licence by its number, or returns the one already in the list. */
export async function addDriverLicense(auth: Credentials, driverLicense: string): Promise<DriverLicense> {
  return (await apiCall('/105/api/driverLicense', licenceAddReply, { method: 'POST', auth, body: { driverLicense } })).item;
}

import { SEARCH_CONSENT_VERSION } from '../lib/consent.ts';
import { addDriverLicense, addSts, fetchStsList } from '../api/documents.ts';
import { normalizeDriverLicense, normalizePlateNumber, normalizePlateRegion, normalizeSts, normalizeUin, normalizeVin } from '../lib/normalize.ts';
import { $credentials, clearAuthRecord } from './authData.ts';
import type { FinesTarget } from './finesTarget.ts';
import type { SearchField, SearchTab } from './searchFields.ts';
import { isSessionError, withSession } from './session.ts';

/** What a valid search leads to: a fine list, or (СТС tab) a request for the plate too. */
export type SearchResolution = { kind: 'target'; target: FinesTarget } | { kind: 'needsPlate' };

/** The values of the form, as typed (they are normalised here). */
export type SearchValues = Record<SearchField, string>;

/**
 * Turns a checked search into the fine list to show (issue 5's flow). Plate + СТС: a new visitor is
 * registered with the vehicle (newuser with sts and plate), a known one adds it (POST sts); the list
 * is then asked by that СТС's id. СТС alone: the API keeps a vehicle only with its plate, so a СТС
 * already in the visitor's list is used directly and any other needs the plate. Licence: added to
 * the visitor's documents, asked by its id. VIN and УИН need no document: VIN by car, УИН anonymously.
 */
export async function resolveSearch(tab: SearchTab, values: SearchValues, stsNeedsPlate: boolean): Promise<SearchResolution> {
  switch (tab) {
    case 'plateSts':
      return { kind: 'target', target: await stsTarget(values) };
    case 'sts':
      if (stsNeedsPlate) return { kind: 'target', target: await stsTarget(values) };
      return knownStsTarget(normalizeSts(values.stsNumber));
    case 'driverLicense': {
      const number = normalizeDriverLicense(values.driverLicense);
      const licence = await withSession((auth) => addDriverLicense(auth, number), undefined, SEARCH_CONSENT_VERSION);
      return { kind: 'target', target: { by: 'dl', id: licence.id } };
    }
    case 'vin':
      return { kind: 'target', target: { by: 'car', car: normalizeVin(values.car) } };
    case 'uin':
      return { kind: 'target', target: { by: 'uin', uin: normalizeUin(values.uin) } };
  }
}

/** The list target of a vehicle given by СТС and plate, adding it to the visitor's documents. */
async function stsTarget(values: SearchValues): Promise<FinesTarget> {
  const sts = normalizeSts(values.stsNumber);
  const vehiclePlateNumber = normalizePlateNumber(values.plateNumber);
  const vehiclePlateRegion = normalizePlateRegion(values.plateRegion);
  const request = { sts, vehiclePlateNumber, vehiclePlateRegion };
  if ($credentials.get() !== undefined) {
    const item = await withSession((auth) => addSts(auth, request), undefined, SEARCH_CONSENT_VERSION);
    return { by: 'sts', id: item.id };
  }
  const item = await withSession(
    async (auth) => (await fetchStsList(auth)).find((entry) => entry.sts === sts) ?? (await addSts(auth, request)),
    { sts, plate: `${vehiclePlateNumber}${vehiclePlateRegion}` },
    SEARCH_CONSENT_VERSION,
  );
  return { by: 'sts', id: item.id };
}

/** A СТС from the visitor's list, or a request for the plate when it is not there (or there is no visitor yet). */
async function knownStsTarget(sts: string): Promise<SearchResolution> {
  const auth = $credentials.get();
  if (auth === undefined) return { kind: 'needsPlate' };
  try {
    const found = (await fetchStsList(auth)).find((entry) => entry.sts === sts);
    return found === undefined ? { kind: 'needsPlate' } : { kind: 'target', target: { by: 'sts', id: found.id } };
  } catch (error) {
    if (!isSessionError(error)) throw error;
    clearAuthRecord();
    return { kind: 'needsPlate' };
  }
}

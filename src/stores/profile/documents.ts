import { persistentAtom } from '@nanostores/persistent';
import { atom } from 'nanostores';
import { addSts, fetchStsList } from '../../api/documents.ts';
import type { StsRequest } from '../../api/documents.ts';
import {
  addInn,
  addLicence,
  deleteInn,
  deleteLicence,
  deleteSts,
  editInn,
  editLicence,
  editSts,
  fetchInns,
  fetchLicences,
  importSts,
} from '../../api/documentLists.ts';
import type { InnRequest, LicenceRequest } from '../../api/documentLists.ts';
import type { DriverLicense } from '../../api/structs/driverLicense.ts';
import type { Inn } from '../../api/structs/inn.ts';
import type { Sts } from '../../api/structs/sts.ts';
import type { Credentials } from '../../api/structs/credentials.ts';
import { userMessage } from '../../api/userMessage.ts';
import { normalizeSts } from '../../lib/normalize.ts';
import { requireCredentials } from '../authData.ts';
import { notify } from '../notices.ts';
import { onSignOut } from '../auth/account.ts';
import { isSessionError } from '../session.ts';
import { markSessionExpired } from '../auth/account.ts';

/** Spec §9: at most 50 documents of each type. */
export const DOCUMENT_CAP = 50;
/** Spec §9: the document cache lives 3600 s. */
export const DOCUMENTS_CACHE_MS = 3_600_000;

/** Spec §3 profile lists kept locally, and when they are to be fetched again. */
export type DocumentLists = { transport: Sts[]; driverLicense: DriverLicense[]; inn: Inn[]; documentsExpiration: number };

/** No documents, never fetched. */
export const EMPTY_DOCUMENTS: DocumentLists = Object.freeze({ transport: [], driverLicense: [], inn: [], documentsExpiration: 0 });

/** Reads the stored JSON; anything unreadable is an empty cache. */
function decodeDocuments(text: string): DocumentLists {
  try {
    const value = JSON.parse(text) as Partial<DocumentLists>;
    return {
      transport: Array.isArray(value.transport) ? value.transport.slice(0, DOCUMENT_CAP) : [],
      driverLicense: Array.isArray(value.driverLicense) ? value.driverLicense.slice(0, DOCUMENT_CAP) : [],
      inn: Array.isArray(value.inn) ? value.inn.slice(0, DOCUMENT_CAP) : [],
      documentsExpiration: typeof value.documentsExpiration === 'number' ? value.documentsExpiration : 0,
    };
  } catch {
    return { ...EMPTY_DOCUMENTS };
  }
}

/** The user's documents (local storage `documents`). */
export const $documents = persistentAtom<DocumentLists>('documents', { ...EMPTY_DOCUMENTS }, { encode: JSON.stringify, decode: decodeDocuments });

/** Loading state of the lists: busy while fetching, why the last fetch failed. */
export const $documentsLoad = atom<{ busy: boolean; error: string }>({ busy: false, error: '' });

/** Counts sign-outs: an answer to a request made before the last one belongs to the previous user and is dropped. */
let signOuts = 0;

onSignOut(() => {
  signOuts++;
  $documents.set({ ...EMPTY_DOCUMENTS });
  $documentsLoad.set({ busy: false, error: '' });
});

/** Spec §4 Documents reload: vehicles, licences and tax numbers again, expiry now + 3600 s (whatever the expiry was). */
export async function reloadDocuments(now: () => number = Date.now): Promise<void> {
  if ($documentsLoad.get().busy) return;
  const started = signOuts;
  $documentsLoad.set({ busy: true, error: '' });
  try {
    const auth = requireCredentials();
    const [transport, driverLicense, inn] = await Promise.all([fetchStsList(auth), fetchLicences(auth), fetchInns(auth)]);
    if (started !== signOuts) return;
    $documents.set({ transport, driverLicense, inn, documentsExpiration: now() + DOCUMENTS_CACHE_MS });
    $documentsLoad.set({ busy: false, error: '' });
  } catch (error) {
    if (started !== signOuts) return;
    if (isSessionError(error)) markSessionExpired();
    $documentsLoad.set({ busy: false, error: userMessage(error) });
  }
}

/** Fetches the lists when the cache has expired (or was never filled). */
export async function ensureDocuments(now: () => number = Date.now): Promise<void> {
  if ($documents.get().documentsExpiration <= now()) await reloadDocuments(now);
}

/** A change to the lists: the failure's message for the form, undefined when it went through. */
type Change = Promise<string | undefined>;

/** Sends a change and applies its answer to the lists, unless the user signed out meanwhile; a refused session marks it expired. */
async function change<R>(send: (auth: Credentials) => Promise<R>, apply: (answer: R) => void): Change {
  const started = signOuts;
  try {
    const answer = await send(requireCredentials());
    if (started === signOuts) apply(answer);
    return undefined;
  } catch (error) {
    if (isSessionError(error) && started === signOuts) markSessionExpired();
    return userMessage(error);
  }
}

/** The message at the cap of a list. */
const capMessage = (what: string) => `Можно добавить не больше ${DOCUMENT_CAP} ${what}`;

/** Adds a vehicle (spec §4: ignored when one with the same СТС number is in the list). */
export async function addVehicle(request: StsRequest): Change {
  const lists = $documents.get();
  if (lists.transport.some((sts) => sts.sts === normalizeSts(request.sts))) {
    notify('info', 'Это СТС уже есть в профиле');
    return undefined;
  }
  if (lists.transport.length >= DOCUMENT_CAP) return capMessage('СТС');
  return change((auth) => addSts(auth, request), (item) => {
    const current = $documents.get();
    if (!current.transport.some((sts) => sts.id === item.id)) $documents.set({ ...current, transport: [...current.transport, item] });
    notify('success', `СТС ${item.vehiclePlate} добавлено`);
  });
}

/** Edits a vehicle, matched by id (spec §4). */
export function editVehicle(id: number, request: StsRequest): Change {
  return change((auth) => editSts(auth, id, request), (item) => {
    $documents.set({ ...$documents.get(), transport: $documents.get().transport.map((sts) => (sts.id === id ? item : sts)) });
    notify('success', 'СТС изменено');
  });
}

/** Deletes a vehicle, matched by id (spec §4). */
export function removeVehicle(id: number): Change {
  return change((auth) => deleteSts(auth, id), () => {
    $documents.set({ ...$documents.get(), transport: $documents.get().transport.filter((sts) => sts.id !== id) });
    notify('success', 'СТС удалено');
  });
}

/** Imports a list of vehicles at once (all or nothing; the server names a bad line). */
export function importVehicles(list: readonly StsRequest[]): Change {
  if (list.length === 0) return Promise.resolve('Список пуст: добавьте хотя бы одну строку');
  return change((auth) => importSts(auth, list), (reply) => {
    $documents.set({ ...$documents.get(), transport: reply.sts });
    notify('success', reply.added === 0 ? 'Все эти СТС уже были в профиле' : `Добавлено СТС: ${reply.added}`);
  });
}

/** Adds a licence (one already in the list is not added twice). */
export async function addDriverLicence(request: LicenceRequest): Change {
  if ($documents.get().driverLicense.length >= DOCUMENT_CAP) return capMessage('водительских удостоверений');
  return change((auth) => addLicence(auth, request), ({ item, added }) => {
    const current = $documents.get();
    if (added) $documents.set({ ...current, driverLicense: [...current.driverLicense, item] });
    notify(added ? 'success' : 'info', added ? 'Водительское удостоверение добавлено' : 'Это удостоверение уже есть в профиле');
  });
}

/** Edits a licence by id. */
export function editDriverLicence(id: number, request: LicenceRequest): Change {
  return change((auth) => editLicence(auth, id, request), (item) => {
    $documents.set({ ...$documents.get(), driverLicense: $documents.get().driverLicense.map((dl) => (dl.id === id ? item : dl)) });
    notify('success', 'Водительское удостоверение изменено');
  });
}

/** Deletes a licence by id. */
export function removeDriverLicence(id: number): Change {
  return change((auth) => deleteLicence(auth, id), () => {
    $documents.set({ ...$documents.get(), driverLicense: $documents.get().driverLicense.filter((dl) => dl.id !== id) });
    notify('success', 'Водительское удостоверение удалено');
  });
}

/** Adds an ИНН (one already in the list is not added twice). */
export async function addTaxId(request: InnRequest): Change {
  if ($documents.get().inn.length >= DOCUMENT_CAP) return capMessage('ИНН');
  return change((auth) => addInn(auth, request), ({ item, added }) => {
    const current = $documents.get();
    if (added) $documents.set({ ...current, inn: [...current.inn, item] });
    notify(added ? 'success' : 'info', added ? 'ИНН добавлен' : 'Этот ИНН уже есть в профиле');
  });
}

/** Edits an ИНН by id. */
export function editTaxId(id: number, request: InnRequest): Change {
  return change((auth) => editInn(auth, id, request), (item) => {
    $documents.set({ ...$documents.get(), inn: $documents.get().inn.map((inn) => (inn.id === id ? item : inn)) });
    notify('success', 'ИНН изменён');
  });
}

/** Deletes an ИНН by id. */
export function removeTaxId(id: number): Change {
  return change((auth) => deleteInn(auth, id), () => {
    $documents.set({ ...$documents.get(), inn: $documents.get().inn.filter((inn) => inn.id !== id) });
    notify('success', 'ИНН удалён');
  });
}

import { okEnvelope } from './structs/envelope.ts';
import { FineListReply, FineReply } from './structs/fine.ts';
import type { Fine, FineListReply as FineList } from './structs/fine.ts';
import type { Credentials } from './structs/credentials.ts';
import { apiCall } from './client.ts';

const fineListReply = okEnvelope(FineListReply);
const fineReply = okEnvelope(FineReply);

/** The documents a fine list can be asked by: a profile document's id, or a car (plate with region, or VIN). */
export type FineListBy = { by: 'sts' | 'dl' | 'inn'; id: number } | { by: 'car'; car: string };

/** `GET /105/api/fineList/by/{sts|dl|inn|car}/{id}`: every fine of that document, with the orders of paid ones. */
export async function fetchFineList(auth: Credentials, query: FineListBy): Promise<FineList> {
  const key = query.by === 'car' ? encodeURIComponent(query.car) : String(query.id);
  return apiCall(`/105/api/fineList/by/${query.by}/${key}`, fineListReply, { auth });
}

/** `GET /105/api/fine/uinInfo`: a ruling by its УИН; anonymous, credentials only when the visitor already has them. */
export async function fetchFineByUin(uin: string, auth?: Credentials): Promise<FineList> {
  return apiCall('/105/api/fine/uinInfo', fineListReply, { query: { uin }, auth });
}

/** `GET /105/api/fine`: one of the user's fines. */
export async function fetchFine(auth: Credentials, id: number): Promise<Fine> {
  return (await apiCall('/105/api/fine', fineReply, { query: { fine: String(id) }, auth })).fine;
}

/** `GET /105/api/fine/info/{shareHash}`: a fine by its share link, anonymously. */
export async function fetchSharedFine(hash: string): Promise<Fine> {
  return (await apiCall(`/105/api/fine/info/${encodeURIComponent(hash)}`, fineReply)).fine;
}

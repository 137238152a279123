import { okEnvelope } from './structs/envelope.ts';
import { TaxListReply } from './structs/tax.ts';
import type { Tax } from './structs/tax.ts';
import type { Credentials } from './structs/credentials.ts';
import { apiCall } from './client.ts';

const taxListReply = okEnvelope(TaxListReply);

/** `GET /105/api/tax/uinInfo`: the tax accrual with this УИН, or undefined when the tax service knows none. */
export async function fetchTaxByUin(uin: string, auth?: Credentials): Promise<Tax | undefined> {
  return (await apiCall('/105/api/tax/uinInfo', taxListReply, { query: { uin }, auth })).taxes[0];
}

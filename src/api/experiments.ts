import { apiRequest } from './client.ts';
import { FlagsReply } from './structs/experiments.ts';
import type { Flag } from './structs/experiments.ts';

/** GET /v1/exps/ (spec §7): the visitor's A/B flags for a page (the experiments service answers a bare list, not an envelope). */
export const fetchFlags = (clientId: string, url: string): Promise<Flag[]> =>
  apiRequest('/v1/exps/', FlagsReply, { query: { client_id: clientId, url, i: '0', client_features: '' } });

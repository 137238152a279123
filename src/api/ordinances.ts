import { okEnvelope } from './structs/envelope.ts';
import { OrdinanceAdvantageReply, OrdinanceListReply, OrdinanceSummaryReply } from './structs/ordinance.ts';
import type { OrdinanceListReply as OrdinancePage, OrdinanceSummaryReply as Summary } from './structs/ordinance.ts';
import type { Credentials } from './structs/credentials.ts';
import type { OrdinanceCategory, OrdinanceOrder } from '../lib/ordinances.ts';
import { apiCall } from './client.ts';

const listReply = okEnvelope(OrdinanceListReply);
const summaryReply = okEnvelope(OrdinanceSummaryReply);
const advantageReply = okEnvelope(OrdinanceAdvantageReply);

/** What a list request asks for (spec §3 "Ordinance query"). */
export type OrdinanceRequest = { page: number; showBy: number; order: OrdinanceOrder; search: string; isForceRefresh?: boolean };

/** `GET /api/ordinances/get/{category}`: one page of the user's ordinances (asterisk flags as spec §4 refresh sends them). */
export function fetchOrdinances(auth: Credentials, category: OrdinanceCategory, request: OrdinanceRequest): Promise<OrdinancePage> {
  const query: Record<string, string> = {
    page: String(request.page),
    showBy: String(request.showBy),
    order: request.order,
    isDataWithAsterisks: 'true',
    instance: 'web',
  };
  if (request.search.trim() !== '') query['search'] = request.search.trim();
  if (request.isForceRefresh === true) query['isForceRefresh'] = '1';
  return apiCall(`/api/ordinances/get/${category}`, listReply, { auth, query });
}

/** `GET /api/ordinances/get/summary`: counts per category and the sum due. */
export function fetchOrdinanceSummary(auth: Credentials): Promise<Summary> {
  return apiCall('/api/ordinances/get/summary', summaryReply, { auth });
}

/** `GET /api/ordinances/get/advantage`: what paying now saves. */
export function fetchOrdinanceAdvantage(auth: Credentials) {
  return apiCall('/api/ordinances/get/advantage', advantageReply, { auth });
}

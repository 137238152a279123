import { okEnvelope } from './structs/envelope.ts';
import { FleetAnalyticsReply } from './structs/fleetAnalytics.ts';
import type { Credentials } from './structs/credentials.ts';
import { apiCall } from './client.ts';

const analyticsReply = okEnvelope(FleetAnalyticsReply);

/** `GET /105/api/organization/fines/analytics`: the fleet's fines grouped four ways and the discount's savings (all organizations when none is given). */
export function fetchFleetAnalytics(auth: Credentials, organization?: number) {
  return apiCall('/105/api/organization/fines/analytics', analyticsReply, { auth, ...(organization === undefined ? {} : { query: { organization: String(organization) } }) });
}

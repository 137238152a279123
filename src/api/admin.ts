import { okEnvelope } from './structs/envelope.ts';
import { AnalyticsReply } from './structs/admin.ts';
import type { Credentials } from './structs/credentials.ts';
import { apiCall } from './client.ts';

const analyticsReply = okEnvelope(AnalyticsReply);

/** GET /105/api/admin/analytics: the team's dashboard for the last `days` days (an account not on the team gets 404). */
export const fetchAnalytics = (auth: Credentials, days: number) => apiCall('/105/api/admin/analytics', analyticsReply, { auth, query: { days: String(days) } });

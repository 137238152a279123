import { okEnvelope } from './structs/envelope.ts';
import { SupportTicketReply } from './structs/support.ts';
import type { Credentials } from './structs/credentials.ts';
import { apiCall } from './client.ts';

const ticketReply = okEnvelope(SupportTicketReply);

/** What the support form sends (spec §3 "Support ticket request"). */
export type SupportTicket = { email: string; content: string; platform: string; appVersion: string; userId: string };

/** POST /105/api/support/create: the ticket's id (spec §5: no id is a failure, which the reply struct enforces). */
export const createSupportTicket = (ticket: SupportTicket, auth: Credentials | undefined) =>
  apiCall('/105/api/support/create', ticketReply, {
    method: 'POST',
    auth,
    body: { email: ticket.email, content: ticket.content, user_platform: ticket.platform, user_app_version: ticket.appVersion, user_id: ticket.userId },
  });

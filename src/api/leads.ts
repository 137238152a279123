import { okEnvelope } from './structs/envelope.ts';
import { LeadReply } from './structs/lead.ts';
import type { Credentials } from './structs/credentials.ts';
import { apiCall } from './client.ts';

const leadReply = okEnvelope(LeadReply);

/** What a lead form sends (spec §3 "CRM lead"); counts only when above 0. */
export type LeadRequest = { name: string; phone: string; email: string; inn: string; tag: string; utms: Record<string, string>; countAuto?: number; monthsCount?: number };

/** `POST /105/api/crm/lead`: keeps the lead; answers its number. */
export async function sendLead(lead: LeadRequest, auth?: Credentials): Promise<number> {
  const body: Record<string, string> = { name: lead.name, phone: lead.phone, email: lead.email, inn: lead.inn, tag: lead.tag, utms: JSON.stringify(lead.utms) };
  if (lead.countAuto !== undefined && lead.countAuto > 0) body['countAuto'] = String(lead.countAuto);
  if (lead.monthsCount !== undefined && lead.monthsCount > 0) body['monthsCount'] = String(lead.monthsCount);
  return (await apiCall('/105/api/crm/lead', leadReply, { method: 'POST', body, auth })).leadId;
}

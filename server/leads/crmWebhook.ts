import type { AppDeps } from '../appDeps.ts';
import type { JobDefinition } from '../jobs/jobQueue.ts';
import { readLead, recordCrmAttempt } from './leadStore.ts';
import type { LeadRow } from './leadStore.ts';

/** The job that posts a lead to the CRM (retried with back-off by the queue). */
export const CRM_LEAD_JOB = 'crm.lead';

/** Attempts before a lead is marked failed (the team still has it by mail and in the table). */
export const CRM_ATTEMPTS = 5;

/** The lead as the CRM receives it (spec §3 "CRM lead"; countAuto and monthsCount only when above 0). */
export function crmPayload(lead: LeadRow): Record<string, unknown> {
  return {
    leadId: lead.id,
    name: lead.name,
    phone: lead.phone,
    email: lead.email,
    inn: lead.inn,
    tag: lead.tag,
    userId: lead.user_id,
    budget: lead.budget,
    utms: lead.utms,
    ...(lead.count_auto === null ? {} : { countAuto: lead.count_auto }),
    ...(lead.months_count === null ? {} : { monthsCount: lead.months_count }),
    createdAt: lead.created_at.toISOString(),
  };
}

/** Posts the lead to the CRM; throws when the CRM does not take it (the queue tries again). */
export async function postLead(deps: AppDeps, leadId: number, attempt: number): Promise<void> {
  const url = deps.crmWebhookUrl;
  const lead = await readLead(deps.db, leadId);
  if (url === undefined || lead === undefined || lead.crm_status === 'sent') return;
  let problem: string | undefined;
  try {
    const reply = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(crmPayload(lead)), signal: AbortSignal.timeout(10_000) });
    if (!reply.ok) problem = `the CRM answered ${reply.status}`;
  } catch (error) {
    problem = `the CRM is unreachable: ${(error as Error).message}`;
  }
  if (problem === undefined) {
    await recordCrmAttempt(deps.db, leadId, 'sent');
    return;
  }
  await recordCrmAttempt(deps.db, leadId, attempt >= CRM_ATTEMPTS ? 'failed' : 'pending');
  // Logged without the lead's personal data: its id is enough to find it.
  throw new Error(`CRM lead ${leadId}, attempt ${attempt}: ${problem}`);
}

/** The lead jobs. */
export function leadJobs(deps: AppDeps): JobDefinition[] {
  return [{ name: CRM_LEAD_JOB, maxAttempts: CRM_ATTEMPTS, run: (payload, attempt) => postLead(deps, (payload as { leadId: number }).leadId, attempt) }];
}

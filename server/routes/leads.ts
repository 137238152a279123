import { Hono } from 'hono';
import { LeadInput } from '../../src/api/structs/lead.ts';
import type { AppDeps } from '../appDeps.ts';
import type { AppEnv } from '../http/appEnv.ts';
import { optionalUser } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { bodyInput, parseInput } from '../http/input.ts';
import { addressSubject, clientAddress, enforceLimit } from '../http/rateLimit.ts';
import { CRM_LEAD_JOB, postLead } from '../leads/crmWebhook.ts';
import { salesLeadMail } from '../leads/leadMail.ts';
import { insertLead } from '../leads/leadStore.ts';

/** Leads per client address per hour. */
export const LEAD_LIMIT = { limit: 10, windowMs: 3_600_000 } as const;

/**
 * Leads of the business pages (spec §3 "CRM lead", issue 12): checked, kept, mailed to the sales team,
 * and posted to the CRM by a job that retries. The visitor hears of success as soon as the lead is
 * kept; a CRM failure is the team's to see in the log (spec §8), never the visitor's.
 */
export function leadRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.post('/crm/lead', optionalUser(deps, { ignoreInvalid: true }), async (c) => {
    const lead = parseInput(LeadInput, await bodyInput(c), 400);
    await enforceLimit(c, deps.limiter, 'lead', addressSubject(clientAddress(c, deps.trustProxy)), LEAD_LIMIT);
    const leadId = await insertLead(deps.db, lead, c.get('userId') ?? null, deps.crmWebhookUrl !== undefined, deps.clock());
    deps.mail.sendLater(salesLeadMail(deps.salesEmail ?? deps.supportEmail ?? 'sales@localhost.localdomain', deps.siteUrl, leadId, lead));
    if (deps.crmWebhookUrl !== undefined) {
      if (deps.jobs !== undefined) await deps.jobs.enqueue(CRM_LEAD_JOB, { leadId });
      else void postLead(deps, leadId, 1).catch((error: unknown) => deps.onUnexpectedError?.(error));
    }
    return ok(c, { leadId });
  });
  return routes;
}

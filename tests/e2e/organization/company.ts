/** A legal-entity account with one organization, made through the API the way the site makes them. */
import type { APIRequestContext } from '@playwright/test';
import { waitForMail } from '../account/mailbox.ts';
import { newVisitor } from '../platform/session.ts';
import type { Session } from '../platform/session.ts';

/** Registers a company account (isLegalEntity), signs it in by its mailed link and adds an organization by ИНН. */
export async function newCompany(request: APIRequestContext, email: string): Promise<{ session: Session & { clientId: string }; organizationId: number; headers: Record<string, string> }> {
  const visitor = await newVisitor(request);
  const visitorHeaders = { 'X-Session': visitor.session, 'X-Rand': visitor.rand, 'X-User-Id': String(visitor.userId) };
  await request.post('/105/api/user/register', { headers: visitorHeaders, form: { email, consentVersion: '2026-03-01', isLegalEntity: '1' } });
  const token = /token=([A-Za-z0-9_-]{43})/.exec((await waitForMail(email)).text)?.[1] ?? '';
  const session = (await (await request.post('/105/api/login', { form: { _token: token } })).json()).response as Session;
  const headers = { 'X-Session': session.session, 'X-Rand': session.rand, 'X-User-Id': String(session.userId) };
  const created = await request.post('/105/api/organization', { headers, form: { inn: '7707083893' } });
  if (!created.ok()) throw new Error(`organization not created: ${created.status()}`);
  return { session: { ...session, clientId: visitor.clientId }, organizationId: (await created.json()).response.item.id as number, headers };
}

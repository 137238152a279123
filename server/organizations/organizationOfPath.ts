import type { Context } from 'hono';
import type { AppDeps } from '../appDeps.ts';
import { notFound } from '../http/apiError.ts';
import type { AppEnv } from '../http/appEnv.ts';
import { userOf } from '../http/auth.ts';
import { pathId } from '../http/pathId.ts';
import type { OrganizationRow } from './organizationStore.ts';
import { ownOrganization } from './organizationStore.ts';

/** The organization named by the request's path, if it is the signed-in account's; another account's (or none) is 404. */
export async function organizationOfPath(deps: Pick<AppDeps, 'db'>, c: Context<AppEnv>): Promise<OrganizationRow> {
  const organization = await ownOrganization(deps.db, userOf(c), pathId(c));
  if (organization === undefined) throw notFound();
  return organization;
}

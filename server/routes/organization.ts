import type { Context } from 'hono';
import { Hono } from 'hono';
import { object, optional, string } from 'superstruct';
import { OrganizationInput, OrganizationUpdateInput, UserTypeInput } from '../../src/api/structs/organization.ts';
import { companyCodeKind, INN_REQUIRED_MESSAGE } from '../../src/lib/companyCode.ts';
import { subscriptionState } from '../../src/lib/subscription.ts';
import type { AppDeps } from '../appDeps.ts';
import { readUser, toAccountReply, updateUser } from '../accounts/accountStore.ts';
import { ApiError, notFound } from '../http/apiError.ts';
import type { AppEnv } from '../http/appEnv.ts';
import { requireUser, userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { addressSubject, clientAddress, enforceLimit } from '../http/rateLimit.ts';
import { bodyInput, parseInput, queryInput } from '../http/input.ts';
import { pathId } from '../http/pathId.ts';
import { deleteOrganization, insertOrganization, listOrganizations, ownOrganization, toOrganization, updateOrganization } from '../organizations/organizationStore.ts';
import type { CompanyInfo } from '../providers/company/provider.ts';
// An account by e-mail, phone or provider (issue 29: organizations sign in the same ways).
import { isAccountUser } from '../accounts/phone/phoneStore.ts';

/** Spec §8: creating an organization from nothing. */
const NO_DATA = 'Нет данных для создания DTO организации';

/** Company lookups per account per hour unless COMPANY_LOOKUP_LIMIT says otherwise (an address gets four times that). */
export const DEFAULT_COMPANY_LOOKUP_LIMIT = 30;

/** Organizations of a legal-entity account, the company lookup, the account's type (spec §7 "Legal entity and organization"). */
export function organizationRoutes(deps: AppDeps): Hono<AppEnv> {
  const { db, clock } = deps;
  const routes = new Hono<AppEnv>();
  const signedIn = requireUser(deps);

  /** The ИНН by the spec's rule (§5): a 400 with its message when it cannot be looked up. */
  const innOf = (value: unknown): string => {
    if (value === undefined || value === null || value === '') throw new ApiError(400, INN_REQUIRED_MESSAGE);
    const code = companyCodeKind(value);
    if ('error' in code) throw new ApiError(400, code.error);
    return code.inn;
  };
  /**
   * The register's answer; a service failure is a 502, never the visitor's fault. Each call may be a
   * paid request to the company-data service, so every one (preview, add, move to another ИНН) is
   * counted per account and per address (new accounts from one place do not multiply the budget).
   */
  const lookup = async (c: Context<AppEnv>, inn: string): Promise<CompanyInfo | undefined> => {
    const rule = { limit: deps.companyLookupLimit ?? DEFAULT_COMPANY_LOOKUP_LIMIT, windowMs: 60 * 60_000 };
    await enforceLimit(c, deps.limiter, 'company', `user:${userOf(c)}`, rule);
    await enforceLimit(c, deps.limiter, 'company', addressSubject(clientAddress(c, deps.trustProxy)), { ...rule, limit: rule.limit * 4 });
    try {
      return await deps.companies.find(inn);
    } catch (error) {
      deps.onUnexpectedError?.(new Error('Company lookup failed', { cause: error }));
      throw new ApiError(502, 'Сервис сведений о компаниях не ответил. Попробуйте через минуту или введите название вручную');
    }
  };
  const reply = async (c: Context<AppEnv>, id: number) => {
    const [row] = (await listOrganizations(db, userOf(c))).filter((o) => o.id === id);
    if (row === undefined) throw notFound();
    return ok(c, { item: toOrganization(row, clock()) });
  };

  // Only for accounts (the organization cabinet is where it is used): anonymous callers could spend
  // the paid service's quota, and devices without an e-mail are minted freely.
  routes.get('/company', signedIn, async (c) => {
    const { inn } = parseInput(object({ inn: optional(string()) }), queryInput(c), 400);
    const user = await readUser(db, userOf(c));
    if (user === undefined || !(await isAccountUser(db, user.id))) throw new ApiError(403, 'Сведения о компаниях доступны после регистрации');
    const found = await lookup(c, innOf(inn));
    if (found === undefined) throw new ApiError(404, 'Компания с таким ИНН в реестре не найдена');
    return ok(c, found);
  });

  routes.get('/organization', signedIn, async (c) => {
    const rows = await listOrganizations(db, userOf(c));
    return ok(c, { items: rows.map((row) => toOrganization(row, clock())) });
  });

  routes.get('/organization/search', signedIn, async (c) => {
    const { q } = parseInput(object({ q: optional(string()), channel: optional(string()) }), queryInput(c), 400);
    const rows = await listOrganizations(db, userOf(c), (q ?? '').slice(0, 100));
    return ok(c, { items: rows.map((row) => toOrganization(row, clock())) });
  });

  routes.get('/organization/subscription-end', signedIn, async (c) => {
    const now = clock();
    const rows = await listOrganizations(db, userOf(c));
    const live = rows.some((row) => !subscriptionState(row.subscribe_type, row.subscription_end, now).isExpired);
    return ok(c, { isSubscriptionEnd: rows.length > 0 && !live });
  });

  routes.post('/organization', signedIn, async (c) => {
    const body = await bodyInput(c);
    if (Object.keys(body).length === 0) throw new ApiError(400, NO_DATA);
    const input = parseInput(OrganizationInput, body);
    const inn = innOf(input.inn);
    const user = await readUser(db, userOf(c));
    if (user === undefined || !(await isAccountUser(db, user.id))) throw new ApiError(403, 'Добавлять организации можно после регистрации');
    const found = await lookup(c, inn);
    if (found === undefined && input.name === undefined) throw new ApiError(422, 'Компания с таким ИНН в реестре не найдена. Проверьте ИНН или укажите название');
    const company: CompanyInfo = found ?? { inn, name: input.name ?? '', kpp: null, ogrn: '', address: '', type: inn.length === 12 ? 'individual' : 'legal' };
    const row = await insertOrganization(db, user.id, input.name === undefined ? company : { ...company, name: input.name }, deps.demoDays, clock());
    if (row === undefined) throw new ApiError(409, 'Организация с этим ИНН уже добавлена');
    return reply(c, row.id);
  });

  routes.post('/organization/:id', signedIn, async (c) => {
    const current = await ownOrganization(db, userOf(c), pathId(c));
    if (current === undefined) throw notFound();
    const input = parseInput(OrganizationUpdateInput, await bodyInput(c));
    const inn = innOf(input.inn);
    let changes: Partial<Pick<CompanyInfo, 'name' | 'kpp' | 'ogrn' | 'address'>> & { inn?: string; kind?: string } = {};
    if (inn !== current.inn) {
      const found = await lookup(c, inn);
      if (found === undefined && input.name === undefined) throw new ApiError(422, 'Компания с таким ИНН в реестре не найдена. Проверьте ИНН или укажите название');
      changes = found === undefined ? { inn, kind: inn.length === 12 ? 'individual' : 'legal' } : { inn, name: found.name, kpp: found.kpp, ogrn: found.ogrn, address: found.address, kind: found.type };
    }
    if (input.name !== undefined) changes.name = input.name;
    if (!(await updateOrganization(db, userOf(c), current.id, changes, clock()))) throw new ApiError(409, 'Организация с этим ИНН уже добавлена');
    return reply(c, current.id);
  });

  routes.delete('/organization/:id', signedIn, async (c) => {
    if (!(await deleteOrganization(db, userOf(c), pathId(c)))) throw notFound();
    return ok(c, { deleted: pathId(c) });
  });

  routes.post('/user/type', signedIn, async (c) => {
    const { type } = parseInput(UserTypeInput, await bodyInput(c));
    const user = await readUser(db, userOf(c));
    if (user === undefined || !(await isAccountUser(db, user.id))) throw new ApiError(403, 'Сменить тип можно после регистрации');
    await updateUser(db, user.id, { user_type: Number(type) });
    return ok(c, await toAccountReply(db, { ...user, user_type: Number(type) }));
  });

  return routes;
}

import type { Platform } from '../../../src/lib/platform.ts';
import type { AppDeps } from '../../appDeps.ts';
import { ApiError } from '../../http/apiError.ts';
import { newAccountFor } from '../newAccount.ts';
import { isAccountUser } from '../phone/phoneStore.ts';
import { openAccountSession } from '../signIn.ts';
import type { SignedIn } from '../signIn.ts';
import { identityOwner } from './oauthStore.ts';
import { PROVIDER_NAMES } from './provider.ts';
import type { OAuthProviderId, ProviderUser } from './provider.ts';

/**
 * Signs in by a provider's person the device just consented as: their linked account, or a new one.
 * Never an account found by the same e-mail: the address the provider shares is only kept as shown.
 * The flow was started and finished by this device, so its anonymous data joins the account.
 */
export async function signInByIdentity(deps: Pick<AppDeps, 'db' | 'clock' | 'caches'>, provider: OAuthProviderId, person: ProviderUser, deviceUserId: number, platform: Platform): Promise<SignedIn> {
  const now = deps.clock();
  return deps.db.transaction().execute(async (tx) => {
    const owner = await identityOwner(tx, provider, person.subject);
    if (owner !== undefined) return openAccountSession(deps, tx, owner, deviceUserId, platform);
    const accountId = await newAccountFor(deps, tx, deviceUserId, provider, now);
    await tx.insertInto('user_identities').values({ provider, subject: person.subject, user_id: accountId, email: person.email, name: person.name, created_at: now }).execute();
    return openAccountSession(deps, tx, accountId, undefined, platform);
  });
}

/** Links the provider's person to the signed-in account; 409 when it is another account's or the account has one of this provider. */
export async function linkIdentity(deps: Pick<AppDeps, 'db' | 'clock'>, provider: OAuthProviderId, person: ProviderUser, userId: number): Promise<void> {
  await deps.db.transaction().execute(async (tx) => {
    if (!(await isAccountUser(tx, userId))) throw new ApiError(403, 'Сначала войдите в аккаунт');
    const owner = await identityOwner(tx, provider, person.subject);
    if (owner === userId) return;
    if (owner !== undefined) throw new ApiError(409, `Этот ${PROVIDER_NAMES[provider]} уже привязан к другому аккаунту`);
    const existing = await tx.selectFrom('user_identities').select('subject').where('user_id', '=', userId).where('provider', '=', provider).executeTakeFirst();
    if (existing !== undefined) throw new ApiError(409, `К аккаунту уже привязан другой ${PROVIDER_NAMES[provider]}: сначала отвяжите его`);
    await tx.insertInto('user_identities').values({ provider, subject: person.subject, user_id: userId, email: person.email, name: person.name, created_at: deps.clock() }).execute();
  });
}

/** Removes a linked provider unless it is the only way left to sign in (409). */
export async function unlinkIdentity(deps: Pick<AppDeps, 'db'>, provider: OAuthProviderId, userId: number): Promise<void> {
  await deps.db.transaction().execute(async (tx) => {
    await tx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    const user = await tx.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
    const phone = await tx.selectFrom('user_phones').select('phone').where('user_id', '=', userId).executeTakeFirst();
    const others = await tx.selectFrom('user_identities').select('provider').where('user_id', '=', userId).where('provider', '<>', provider).execute();
    const linked = await tx.selectFrom('user_identities').select('provider').where('user_id', '=', userId).where('provider', '=', provider).executeTakeFirst();
    if (linked === undefined) throw new ApiError(404, `${PROVIDER_NAMES[provider]} не привязан`);
    if (user?.email == null && phone === undefined && others.length === 0) throw new ApiError(409, 'Это единственный способ входа. Сначала добавьте телефон или e-mail');
    await tx.deleteFrom('user_identities').where('user_id', '=', userId).where('provider', '=', provider).execute();
  });
}

import { map } from 'nanostores';
import { persistentAtom } from '@nanostores/persistent';
import { fetchOrganizations, fetchSubscriptionEnd, setUserType } from '../../api/organization.ts';
import type { Organization } from '../../api/structs/organization.ts';
import { formatDemoEndDate } from '../../lib/dates.ts';
import { subscriptionState } from '../../lib/subscription.ts';
import { requireCredentials } from '../authData.ts';
import { $account } from '../auth/accountState.ts';
import { onSignOut } from '../auth/account.ts';

/** Spec §3 legal-entity profile state: userType (-1 unknown, 3 legal entity), the organization's name, demo end, flags. */
export type LegalEntityState = {
  userType: number;
  companyName: string;
  /** As shown: '12 декабря 2026 г.' (spec §3 demoEndDate). */
  demoEndDate: string;
  /** As the server sent it (spec default '1970-01-01 00:00:00'). */
  demoEndDateResponse: string;
  isSubscriptionExpired: boolean;
  isSubscriptionEndTomorrow: boolean;
  isDemo: boolean;
};

/** Spec §3 default of demoEndDateResponse. */
export const NO_END_DATE = '1970-01-01 00:00:00';

/** Spec §3 local storage: companyName, demoEndDate and isDemo are kept between visits. */
export const $companyName = persistentAtom<string>('companyName', '');
export const $demoEndDate = persistentAtom<string>('demoEndDate', '');
export const $isDemo = persistentAtom<boolean>('isDemo', false, { encode: (v) => (v ? '1' : '0'), decode: (v) => v === '1' || v === 'true' });

/** The legal-entity state. */
export const $legalEntity = map<LegalEntityState>({
  userType: -1,
  companyName: '',
  demoEndDate: '',
  demoEndDateResponse: NO_END_DATE,
  isSubscriptionExpired: false,
  isSubscriptionEndTomorrow: false,
  isDemo: false,
});

onSignOut(() => {
  $companyName.set('');
  $demoEndDate.set('');
  $isDemo.set(false);
  $legalEntity.set({ userType: -1, companyName: '', demoEndDate: '', demoEndDateResponse: NO_END_DATE, isSubscriptionExpired: false, isSubscriptionEndTomorrow: false, isDemo: false });
});

/** Spec §4: marking the user as a legal entity sets userType 3 (on the server) and stores it. */
export async function markLegalEntity(): Promise<void> {
  const reply = await setUserType(requireCredentials(), 3);
  $account.set({ ...$account.get(), userType: reply.userType });
  $legalEntity.setKey('userType', reply.userType);
}

/**
 * Spec §4 "Reloading the organization": the cached name, end date and demo flag first, then the
 * account's first organization from the server: its name, end date and demo flag are stored, and
 * ends-tomorrow is set when now is within the last day before the end. For a legal entity it also
 * asks whether the subscription has ended and stores the answer.
 */
export async function reloadOrganization(now: () => Date = () => new Date()): Promise<Organization | undefined> {
  $legalEntity.set({ ...$legalEntity.get(), userType: $account.get().userType, companyName: $companyName.get(), demoEndDate: $demoEndDate.get(), isDemo: $isDemo.get() });
  const auth = requireCredentials();
  const [first] = await fetchOrganizations(auth);
  if (first !== undefined) {
    const end = new Date(first.subscriptionEndDate);
    const state = subscriptionState(first.subscribeType, end, now());
    $companyName.set(first.name);
    $demoEndDate.set(formatDemoEndDate(end));
    $isDemo.set(state.isDemo);
    $legalEntity.set({
      ...$legalEntity.get(),
      companyName: first.name,
      demoEndDate: formatDemoEndDate(end),
      demoEndDateResponse: first.subscriptionEndDate,
      isDemo: state.isDemo,
      isSubscriptionEndTomorrow: state.endsTomorrow,
    });
  }
  if ($legalEntity.get().userType === 3) $legalEntity.setKey('isSubscriptionExpired', await fetchSubscriptionEnd(auth));
  return first;
}

/** Spec §2: `user_type` in the address (camel-cased to userType by the redirect rules) asks to change the user's type when isChangeUserType is set. */
export function requestedUserType(search: string): 3 | undefined {
  const query = new URLSearchParams(search);
  const type = query.get('userType') ?? query.get('user_type');
  const flag = query.get('isChangeUserType');
  return type === '3' && flag !== null && flag !== '0' && flag !== 'false' ? 3 : undefined;
}

/** Spec §3 derived state of an organization's subscription. */
export type SubscriptionState = {
  /** subscribeType 0. */
  isDemo: boolean;
  /** The end date is before now. */
  isExpired: boolean;
  /** Now is within the last day before the end (spec §4 "ends tomorrow"). */
  endsTomorrow: boolean;
  /** Whole days left, rounded up; 0 once it has ended. */
  countDays: number;
  /** Spec §3: data is shown with asterisks while in demo or after the end. */
  masked: boolean;
};

const DAY_MS = 86_400_000;

/** The state of a subscription of `subscribeType` (0 demo, 1 paid) that ends at `end`, as of `now`. */
export function subscriptionState(subscribeType: number, end: Date, now: Date): SubscriptionState {
  const left = end.getTime() - now.getTime();
  const isExpired = left < 0;
  const isDemo = subscribeType === 0;
  return {
    isDemo,
    isExpired,
    endsTomorrow: !isExpired && left <= DAY_MS,
    countDays: isExpired ? 0 : Math.ceil(left / DAY_MS),
    masked: isDemo || isExpired,
  };
}

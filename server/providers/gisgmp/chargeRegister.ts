// What the source of fines (ГИС ГМП, through its gateway) says about one charge (начисление), asked by
// its УИН just before money is taken, and where a payment taken through us is reported. The sandbox
// (sandboxRegister.ts) is the default; a real adapter asks the gateway the same two questions.

/** A charge's state at the source: unpaid, paid or cancelled since a day ('YYYY-MM-DD', Moscow), or unknown (not found, or the source did not answer). */
export type ChargeState = { state: 'unpaid' } | { state: 'paid'; since: string } | { state: 'cancelled'; since: string } | { state: 'unknown' };

/** A payment of one charge taken through us, as reported to the source. */
export type PaymentReport = { uin: string; amountKopecks: number; paidAt: Date; paymentId: string };

/** The source's register of charges and payments. */
export type ChargeRegister = {
  /** Our sandbox (its controls may set a charge's state). */
  readonly sandbox: boolean;
  /** The charge's state now. */
  chargeState(uin: string, now: Date): Promise<ChargeState>;
  /** Reports a payment of the charge (the same payment twice answers the same number); answers the payment's number at the source (УИП). */
  reportPayment(report: PaymentReport, now: Date): Promise<{ number: string }>;
};

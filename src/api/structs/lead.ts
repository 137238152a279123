import { coerce, integer, max, min, object, optional, pattern, record, size, string, type } from 'superstruct';
import type { Infer } from 'superstruct';
import { EmailAddress } from './account.ts';
import { InnNumber, jsonText, textField, validatedField } from './fields.ts';
import { normalizePhone } from '../../lib/normalize.ts';

/** A phone of 11 digits, formatting removed ('+7 (999) 123-45-67' → '79991234567'). */
export const PhoneNumber = validatedField('phone', normalizePhone);

/** A count sent as text or number: a whole number within the bounds. */
const Count = (high: number) => coerce(max(min(integer(), 0), high), string(), (value) => (/^\d{1,7}$/.test(value.trim()) ? Number(value.trim()) : value));

/** The visit's utm_* marks: at most 10, short texts (sent as an object, or as its JSON in a form). */
const Utms = jsonText(record(pattern(string(), /^utm_[a-z]{1,20}$/), size(string(), 0, 200)));

/** `POST /105/api/crm/lead` body (spec §3 "CRM lead"): who asks, how to reach them, their company and fleet. */
export const LeadInput = object({
  name: textField(120),
  phone: PhoneNumber,
  email: EmailAddress,
  inn: InnNumber,
  /** Which page or form the lead came from ('legal-entities', 'b2b-promo', …). */
  tag: pattern(string(), /^[a-z0-9-]{1,40}$/),
  budget: optional(textField(60)),
  utms: optional(Utms),
  countAuto: optional(Count(1_000_000)),
  monthsCount: optional(Count(120)),
});
/** A lead as sent. */
export type LeadInput = Infer<typeof LeadInput>;

/** `POST /105/api/crm/lead` reply. */
export const LeadReply = type({ leadId: integer() });

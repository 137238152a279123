import { map } from 'nanostores';
import { sendLead } from '../../api/leads.ts';
import { ApiReplyError } from '../../api/errors.ts';
import { userMessage } from '../../api/userMessage.ts';
import { normalizeInn, normalizePhone } from '../../lib/normalize.ts';
import { validators } from '../../lib/validators.ts';
import { $credentials } from '../authData.ts';

/** The fields of a lead form, as typed. */
export type LeadFields = { name: string; phone: string; email: string; inn: string; countAuto: string; monthsCount: string };

/** The form: typing (with errors by field and a message from the server), sending, or sent with the lead's number. */
export type LeadFormState =
  | { state: 'editing'; fields: LeadFields; errors: Partial<Record<keyof LeadFields, string>>; sending: boolean; message?: string }
  | { state: 'sent'; leadId: number };

const EMPTY: LeadFields = { name: '', phone: '', email: '', inn: '', countAuto: '', monthsCount: '' };

/** The lead form of the page. */
export const $leadForm = map<{ current: LeadFormState }>({ current: { state: 'editing', fields: EMPTY, errors: {}, sending: false } });

/** The visit's utm_* marks from the address (spec §2: utm keys stay as they are). */
export function utmsOf(search: string): Record<string, string> {
  const marks: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(search)) if (/^utm_[a-z]{1,20}$/.test(key) && value !== '' && Object.keys(marks).length < 10) marks[key] = value.slice(0, 200);
  return marks;
}

/** Checks the fields as the server will; answers the messages by field. */
export function checkLeadFields(fields: LeadFields): Partial<Record<keyof LeadFields, string>> {
  const found: [keyof LeadFields, string | undefined][] = [
    ['name', fields.name.trim() === '' ? 'Укажите, как к вам обращаться' : undefined],
    ['phone', normalizePhone(fields.phone) === '' ? 'Укажите телефон' : validators.phone(fields.phone)],
    ['email', fields.email.trim() === '' ? 'Укажите e-mail' : validators.email(fields.email.trim()) === undefined ? undefined : 'Проверьте e-mail: в нём ошибка'],
    ['inn', normalizeInn(fields.inn) === '' ? 'ИНН обязателен к заполнению' : validators.inn(normalizeInn(fields.inn))],
    ...(['countAuto', 'monthsCount'] as const).map((key): [keyof LeadFields, string | undefined] => [key, fields[key].trim() !== '' && !/^\d{1,6}$/.test(fields[key].trim()) ? 'Целое число, можно оставить пустым' : undefined]),
  ];
  const errors: Partial<Record<keyof LeadFields, string>> = {};
  for (const [key, message] of found) if (message !== undefined) errors[key] = message;
  return errors;
}

/** Changes a field (and forgets its error). */
export function setLeadField(field: keyof LeadFields, value: string): void {
  const current = $leadForm.get().current;
  if (current.state !== 'editing') return;
  const errors = { ...current.errors };
  delete errors[field];
  $leadForm.setKey('current', { ...current, fields: { ...current.fields, [field]: value }, errors });
}

/** Sends the lead from the form tagged `tag`, with the visit's utm marks; a refusal shows the server's message by its field. */
export async function submitLead(tag: string, search: string): Promise<void> {
  const current = $leadForm.get().current;
  if (current.state !== 'editing' || current.sending) return;
  const errors = checkLeadFields(current.fields);
  if (Object.keys(errors).length > 0) {
    $leadForm.setKey('current', { ...current, errors });
    return;
  }
  const { message: _previous, ...rest } = current;
  $leadForm.setKey('current', { ...rest, sending: true });
  const { fields } = current;
  try {
    const leadId = await sendLead(
      {
        name: fields.name.trim(),
        phone: normalizePhone(fields.phone),
        email: fields.email.trim(),
        inn: normalizeInn(fields.inn),
        tag,
        utms: utmsOf(search),
        ...(fields.countAuto.trim() === '' ? {} : { countAuto: Number(fields.countAuto) }),
        ...(fields.monthsCount.trim() === '' ? {} : { monthsCount: Number(fields.monthsCount) }),
      },
      $credentials.get(),
    );
    $leadForm.setKey('current', { state: 'sent', leadId });
  } catch (error) {
    const message = error instanceof ApiReplyError ? error.errorDesc : userMessage(error);
    $leadForm.setKey('current', { ...rest, sending: false, message });
  }
}

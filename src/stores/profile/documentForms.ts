import { validators } from '../../lib/validators.ts';

/** Messages per field of a document form; empty when it can be sent. */
export type FormErrors<F extends string> = Partial<Record<F, string>>;

/** Required field: the Russian "fill it in", else the domain rule's message. */
const required = (value: string, rule: (v: unknown) => string | undefined, what: string) => (value.trim() === '' ? `Укажите ${what}` : rule(value));
/** Optional field: only checked when filled. */
const optional = (value: string, rule: (v: unknown) => string | undefined) => (value.trim() === '' ? undefined : rule(value));

/** Keeps only the fields that have a message. */
function only<F extends string>(entries: [F, string | undefined][]): FormErrors<F> {
  const errors: FormErrors<F> = {};
  for (const [field, message] of entries) if (message !== undefined) errors[field] = message;
  return errors;
}

/** A vehicle: СТС, plate and region (spec §5). */
export function vehicleErrors(form: { sts: string; plate: string; region: string }): FormErrors<'sts' | 'plate' | 'region'> {
  return only([
    ['sts', required(form.sts, validators.sts, 'номер СТС')],
    ['plate', required(form.plate, validators.plateNumber, 'госномер')],
    ['region', required(form.region, validators.plateRegion, 'регион')],
  ]);
}

/** A licence: the number (spec §5), an optional issue date (DD.MM.YYYY, before today) and an optional full name (three words). */
export function licenceErrors(form: { number: string; issueDate: string; fio: string }): FormErrors<'number' | 'issueDate' | 'fio'> {
  return only([
    ['number', required(form.number, validators.driverLicense, 'номер удостоверения')],
    ['issueDate', optional(form.issueDate, validators.date)],
    ['fio', optional(form.fio, validators.fio)],
  ]);
}

/** An ИНН with an optional label. */
export function innErrors(form: { inn: string; label: string }): FormErrors<'inn' | 'label'> {
  return only([
    ['inn', required(form.inn, validators.inn, 'ИНН')],
    ['label', form.label.length > 200 ? 'Не длиннее 200 символов' : undefined],
  ]);
}

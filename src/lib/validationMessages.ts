import { plural } from './plural.ts';

/**
 * Every message the validators return, in Russian. Spec §5 gives three of them in English ('Value is
 * required', 'Value is not a valid email address', 'This field should be at least N characters long');
 * issue 23, being newer, wants every errorDesc in Russian, so these are their translations.
 */
export const VALIDATION_MESSAGES = {
  required: 'Поле обязательно для заполнения',
  email: 'Некорректный e-mail',
  sts: 'Некорректный номер СТС',
  stsId: 'Некорректный идентификатор СТС',
  plateNumber: 'Некорректный госномер',
  plateRegion: 'Некорректный код региона',
  driverLicense: 'Некорректный номер водительского удостоверения',
  inn: 'Некорректный ИНН',
  kpp: 'Некорректный КПП',
  ogrn: 'Некорректный ОГРН',
  ogrnip: 'Некорректный ОГРНИП',
  account: 'Некорректный номер счёта',
  uin: 'Некорректный номер постановления (УИН)',
  vin: 'Некорректный VIN',
  date: 'Некорректная дата',
  phone: 'Некорректный номер телефона',
  fio: 'Укажите фамилию, имя и отчество',
  platform: 'Некорректная платформа',
} as const;

/** The minimum-length message (spec §5's 'This field should be at least N characters long', in Russian). */
export function minLengthMessage(n: number): string {
  return `Поле должно содержать не менее ${n} ${plural(n, ['символа', 'символов', 'символов'])}`;
}

/** The maximum-length message. */
export function maxLengthMessage(n: number): string {
  return `Поле должно содержать не более ${n} ${plural(n, ['символа', 'символов', 'символов'])}`;
}

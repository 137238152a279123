/** Every message the validators return; the English ones are the spec's texts (§5), the rest Russian. */
export const VALIDATION_MESSAGES = {
  required: 'Value is required',
  email: 'Value is not a valid email address',
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

/** The spec's minimum-length message: 'This field should be at least N characters long'. */
export function minLengthMessage(n: number): string {
  return `This field should be at least ${n} characters long`;
}

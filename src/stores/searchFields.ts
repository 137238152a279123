import { validators } from '../lib/validators.ts';
import type { Validator } from '../lib/validators.ts';
import { masks } from '../lib/masks.ts';
import type { MaskField } from '../lib/masks.ts';

/** The search tabs, in the order shown (the landing entries' `tab` values). */
export const SEARCH_TABS = ['plateSts', 'sts', 'driverLicense', 'vin', 'uin'] as const;

/** One search tab. */
export type SearchTab = (typeof SEARCH_TABS)[number];

/** Tab captions as the visitor sees them. */
export const TAB_LABELS: Record<SearchTab, string> = {
  plateSts: 'Госномер и СТС',
  sts: 'СТС',
  driverLicense: 'Права',
  vin: 'VIN',
  uin: 'Постановление (УИН)',
};

/** The form's fields; each name is also its query parameter on /fines/ (the form works without JavaScript). */
export type SearchField = 'plateNumber' | 'plateRegion' | 'stsNumber' | 'driverLicense' | 'car' | 'uin';

/** Everything the form needs to draw and check one field. */
export type FieldSpec = {
  label: string;
  /** The rule from the domain library; its message is shown under the field. */
  rule: Validator;
  mask: MaskField;
  inputMode: 'text' | 'numeric';
  /** A short hint under the field: where to find the number. */
  hint: string;
};

/** Every field of the search. */
export const FIELD_SPECS: Record<SearchField, FieldSpec> = {
  plateNumber: { label: 'Госномер', rule: validators.plateNumber, mask: masks.plate, inputMode: 'text', hint: 'Без региона' },
  plateRegion: { label: 'Регион', rule: validators.plateRegion, mask: masks.region, inputMode: 'numeric', hint: '2–3 цифры' },
  stsNumber: {
    label: 'Номер СТС',
    rule: validators.sts,
    mask: masks.sts,
    inputMode: 'text',
    hint: 'Свидетельство о регистрации: 2 цифры, 2 знака серии, 6 цифр',
  },
  driverLicense: {
    label: 'Номер водительского удостоверения',
    rule: validators.driverLicense,
    mask: masks.driverLicense,
    inputMode: 'text',
    hint: 'Серия и номер: 10 знаков на лицевой стороне',
  },
  car: { label: 'VIN', rule: validators.vin, mask: masks.vin, inputMode: 'text', hint: '17 латинских букв и цифр, есть в СТС и ПТС' },
  uin: {
    label: 'Номер постановления (УИН)',
    rule: validators.uin,
    mask: masks.uin,
    inputMode: 'numeric',
    hint: '20 или 25 цифр из постановления или квитанции',
  },
};

/** The fields a tab shows; the СТС tab also asks for the plate when the СТС is not in the visitor's list yet. */
export function tabFields(tab: SearchTab, stsNeedsPlate: boolean): readonly SearchField[] {
  switch (tab) {
    case 'plateSts':
      return ['plateNumber', 'plateRegion', 'stsNumber'];
    case 'sts':
      return stsNeedsPlate ? ['stsNumber', 'plateNumber', 'plateRegion'] : ['stsNumber'];
    case 'driverLicense':
      return ['driverLicense'];
    case 'vin':
      return ['car'];
    case 'uin':
      return ['uin'];
  }
}

/** The message for a field's value: a Russian "fill it in" when empty, else the domain validator's message; undefined when valid. */
export function fieldError(field: SearchField, value: string): string | undefined {
  const spec = FIELD_SPECS[field];
  if (validators.required(value) !== undefined) return `Заполните поле «${spec.label}»`;
  return spec.rule(value);
}

/** Whether a value names a tab. */
export function isSearchTab(value: unknown): value is SearchTab {
  return SEARCH_TABS.some((tab) => tab === value);
}

/** A sentence under the tabs saying what each way of searching finds. */
export const TAB_NOTES: Record<SearchTab, string> = {
  plateSts: 'Найдём штрафы, выписанные на автомобиль, и запомним СТС в этом браузере — в следующий раз хватит одного номера.',
  sts: 'Если этот СТС уже проверяли в этом браузере, хватит его номера; новый СТС проверяется вместе с госномером.',
  driverLicense: 'Покажем штрафы, выписанные на водителя, — в том числе за рулём чужой машины.',
  vin: 'Подходит, если у автомобиля ещё нет госномера или номер недавно сменился.',
  uin: 'Без регистрации: найдём одно постановление по его номеру.',
};

/** The tab a set of /fines/ query fields came from (the search form without JavaScript submits its fields there). */
export function tabOfFields(params: URLSearchParams): SearchTab | undefined {
  if (params.has('plateNumber') && params.has('stsNumber')) return params.has('plateRegion') ? 'plateSts' : undefined;
  if (params.has('stsNumber')) return 'sts';
  if (params.has('driverLicense')) return 'driverLicense';
  if (params.has('car')) return 'vin';
  if (params.has('uin')) return 'uin';
  return undefined;
}

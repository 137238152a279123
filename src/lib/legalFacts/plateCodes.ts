import { CHECKED } from './facts.ts';

// Plate region codes that mean two regions (ГОСТ Р 50577-2018 and the МВД list as amended in 2022–2023).
// In 2022 codes 80, 81, 84 and 85 went to the new regions, while plates issued earlier in the former
// autonomous districts that carried them are still on the road and valid.

/** One meaning of a plate code. */
export interface PlateCodeMeaning {
  readonly region: string;
  /** Whether new plates are issued with this meaning today. */
  readonly issuedNow: boolean;
}

/** Source of the table and the day it was checked. */
export const PLATE_CODES_SOURCE = { source: 'Приказ МВД России от 26.06.2018 № 399 с изменениями 2022–2023 гг.; ГОСТ Р 50577-2018', checked: CHECKED };

/** The codes with two meanings: the region that gets new plates first, then the older meaning. */
export const SHARED_PLATE_CODES: Readonly<Record<string, readonly PlateCodeMeaning[]>> = {
  '80': [
    { region: 'Донецкая Народная Республика', issuedNow: true },
    { region: 'Забайкальский край (бывший Агинский Бурятский автономный округ)', issuedNow: false },
  ],
  '81': [
    { region: 'Луганская Народная Республика', issuedNow: true },
    { region: 'Пермский край (бывший Коми-Пермяцкий автономный округ)', issuedNow: false },
  ],
  '84': [
    { region: 'Херсонская область', issuedNow: true },
    { region: 'Красноярский край (бывший Таймырский автономный округ)', issuedNow: false },
  ],
  '85': [
    { region: 'Запорожская область', issuedNow: true },
    { region: 'Иркутская область (бывший Усть-Ордынский Бурятский автономный округ)', issuedNow: false },
  ],
};

/** Both meanings of a shared code, or an empty list for a code with one meaning. */
export function plateCodeMeanings(code: string): readonly PlateCodeMeaning[] {
  return SHARED_PLATE_CODES[code] ?? [];
}

/** 'код 81 — Луганская Народная Республика; на старых номерах — Пермский край (…)' for a shared code, '' otherwise. */
export function describeSharedCode(code: string): string {
  const [now, old] = plateCodeMeanings(code);
  return now === undefined || old === undefined ? '' : `код ${code} — ${now.region}; на номерах, выданных раньше, — ${old.region}`;
}

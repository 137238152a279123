import { CHECKED } from './facts.ts';

// The time zone of each plate region code. The zones of the subjects of the Federation are set by
// Федеральный закон от 03.06.2011 № 107-ФЗ «Об исчислении времени», ст. 5 (as amended, last for
// Волгоградская область by 454-ФЗ of 22.12.2020: МСК from 27.12.2020); the codes are those of
// ГОСТ Р 50577-2018 and the МВД list (plateCodes.ts). Russia keeps no summer time since 26.10.2014,
// so each zone is a fixed offset; the IANA names are kept so that older dates convert correctly too.
// A three-digit code repeats its region's two-digit code (102 → 02, 777 → 77, 977 → 77). The shared
// codes 80, 81, 84, 85 are read as the region that gets new plates today (all МСК); the older
// meanings (Забайкальский, Пермский, Красноярский край, Иркутская область) are in plateCodes.ts.

/** Where the table comes from and the day it was checked. */
export const REGION_TIME_ZONES_SOURCE = {
  source: 'Федеральный закон от 03.06.2011 № 107-ФЗ «Об исчислении времени», ст. 5 (ред. от 22.12.2020); коды регионов — ГОСТ Р 50577-2018, приказ МВД России № 399',
  checked: CHECKED,
};

/** The zone of Moscow time (МСК), used for a code the table does not know. */
export const MOSCOW_ZONE = 'Europe/Moscow';

/** IANA zone → the two-digit plate codes of the regions that keep it. */
const ZONES: Readonly<Record<string, readonly string[]>> = {
  // МСК−1
  'Europe/Kaliningrad': ['39', '91'],
  // МСК
  'Europe/Moscow': [
    '01', '05', '06', '07', '08', '09', '10', '11', '12', '13', '15', '16', '20', '21', '23', '26', '29', '31', '32', '33', '35', '36', '37', '40', '43', '44', '46', '47', '48',
    '50', '51', '52', '53', '57', '58', '60', '61', '62', '67', '68', '69', '71', '76', '77', '78', '80', '81', '82', '83', '84', '85', '90', '92', '93', '95', '97', '98', '99',
  ],
  'Europe/Volgograd': ['34'],
  // МСК+1
  'Europe/Samara': ['18', '63'],
  'Europe/Astrakhan': ['30'],
  'Europe/Saratov': ['64'],
  'Europe/Ulyanovsk': ['73'],
  // МСК+2
  'Asia/Yekaterinburg': ['02', '45', '56', '59', '66', '72', '74', '86', '89', '96'],
  // МСК+3
  'Asia/Omsk': ['55'],
  // МСК+4
  'Asia/Novosibirsk': ['54'],
  'Asia/Barnaul': ['04', '22'],
  'Asia/Tomsk': ['70'],
  'Asia/Novokuznetsk': ['42'],
  'Asia/Krasnoyarsk': ['17', '19', '24', '88'],
  // МСК+5
  'Asia/Irkutsk': ['03', '38'],
  // МСК+6 (Якутия: most of the republic, Якутск)
  'Asia/Chita': ['75'],
  'Asia/Yakutsk': ['14', '28'],
  // МСК+7
  'Asia/Vladivostok': ['25', '27', '79'],
  // МСК+8
  'Asia/Magadan': ['49'],
  'Asia/Sakhalin': ['65'],
  // МСК+9
  'Asia/Kamchatka': ['41', '87'],
};

const BY_CODE: ReadonlyMap<string, string> = new Map(Object.entries(ZONES).flatMap(([zone, codes]) => codes.map((code) => [code, zone] as const)));

/** The IANA time zone of a plate's region code ('54' → 'Asia/Novosibirsk', '154' → the same); Moscow for a code not in the table. */
export function plateRegionTimeZone(code: string): string {
  const digits = code.replace(/\D/g, '');
  const base = digits.length === 3 ? digits.slice(1) : digits.padStart(2, '0');
  return BY_CODE.get(base) ?? MOSCOW_ZONE;
}

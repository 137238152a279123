import { normalizeDriverLicense, normalizePlateNumber, normalizePlateRegion, normalizeSts, normalizeVin } from './normalize.ts';

// Documents written the way people read them off the card: «А123ВС 77», «СТС 99 41 123456»,
// «ВУ 99 12 345678». The API keeps them as bare characters ('9941123456'); these are for eyes.

/** Series and number as printed (2 + 2 + 6): '99 41 123456'; anything of another length as it is. */
function seriesAndNumber(value: string): string {
  return /^[0-9A-ZА-ЯЁ]{10}$/.test(value) ? `${value.slice(0, 2)} ${value.slice(2, 4)} ${value.slice(4)}` : value;
}

/** 'А123ВС 77': the plate and its region with a space, as on the plate; '' without a number. */
export function plateLabel(plateNumber: string, plateRegion: string): string {
  const number = normalizePlateNumber(plateNumber);
  const region = normalizePlateRegion(plateRegion);
  if (number === '') return '';
  return region === '' ? number : `${number} ${region}`;
}

/** 'СТС 99 41 123456'. */
export function stsLabel(sts: string): string {
  return `СТС ${seriesAndNumber(normalizeSts(sts))}`;
}

/** 'ВУ 99 12 345678'. */
export function licenceLabel(driverLicense: string): string {
  return `ВУ ${seriesAndNumber(normalizeDriverLicense(driverLicense))}`;
}

/** 'VIN XTA210990Y2765432'. */
export function vinLabel(vin: string): string {
  return `VIN ${normalizeVin(vin)}`;
}

/** The car as people know it: 'А123ВС 77 · СТС 99 41 123456'; either part alone when the other is unknown. */
export function carLabel(plate: string, document: string): string {
  return [plate, document].filter((part) => part !== '').join(' · ');
}

import type { Payee } from '../../../src/api/structs/fine.ts';
import { withInnCheckDigits } from '../../../src/lib/inn.ts';
import { isParking } from './articles.ts';
import type { SourcePhoto } from './provider.ts';
import type { Region } from './regions.ts';
import { REGIONS, payeeInn, singleTreasuryAccount, treasuryAccount } from './regions.ts';

/** КБК of fines under chapter 12 КоАП collected by the police (188 1 16 01121 01 0001 140). */
const GIBDD_KBK = '18811601121010001140';

/** The two photos every camera ruling has. */
export const CAMERA_PHOTOS: readonly SourcePhoto[] = [
  { title: 'Общий план', width: 1280, height: 720 },
  { title: 'Госномер крупным планом', width: 1280, height: 720 },
];

/** The police payee of a region: its treasury with the police body as the recipient. */
function policePayee(region: Region): Payee {
  return {
    name: `${region.ufk} (${region.mvd})`,
    inn: payeeInn(region),
    kpp: `${region.innBody.slice(0, 4)}01001`,
    account: treasuryAccount(region),
    bik: region.bik,
    bankName: region.bank,
    oktmo: region.oktmo,
    kbk: GIBDD_KBK,
    correspondentAccount: singleTreasuryAccount(region),
  };
}

/** The payee of Moscow's road inspectorate (МАДИ), which rules on stopping and parking from its cameras. */
function madiPayee(moscow: Region): Payee {
  return {
    name: `${moscow.ufk} (Московская административная дорожная инспекция)`,
    inn: withInnCheckDigits('770376859'),
    kpp: '770301001',
    account: treasuryAccount(moscow),
    bik: moscow.bik,
    bankName: moscow.bank,
    oktmo: moscow.oktmo,
    kbk: '08311601123010001140',
    correspondentAccount: singleTreasuryAccount(moscow),
  };
}

/** Who issues a ruling: МАДИ for camera parking rulings in Moscow, the region's ЦАФАП for other cameras, ДПС for inspectors. */
export function issuerOf(region: Region, camera: boolean, article: string): { madi: boolean; department: string; payee: Payee } {
  const moscow = REGIONS[0] ?? region;
  if (camera && region.code === '77' && isParking(article)) {
    return { madi: true, department: 'Московская административная дорожная инспекция (МАДИ)', payee: madiPayee(moscow) };
  }
  const department = camera ? `ЦАФАП ${region.federalCity ? 'ОДД ' : ''}ГИБДД ${region.mvd}` : `ОБ ДПС ГИБДД ${region.mvd}`;
  return { madi: false, department, payee: policePayee(region) };
}

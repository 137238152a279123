// A driver's monthly statement (issue 26 §2): the fines of their shifts, what the company paid, what
// it bears itself and what is to be recovered from the driver, and the part of the next payment that
// may be withheld (never over ТК РФ ст. 138's 20 %, never over what is owed). The page-free rules live
// here; the XLSX and PDF writers (server/organizations/drivers/statementFiles.ts) only lay them out.
import { WITHHOLDING_CAP_PERCENT, WITHHOLDING_FACTS, withholdingFromPayment } from './legalFacts/withholding.ts';

/** One fine on a statement. */
export type StatementFine = {
  /** 'DD.MM.YYYY ЧЧ:ММ' in the region's time. */
  when: string;
  uin: string;
  article: string;
  place: string;
  vehiclePlate: string;
  /** The fine without the discount, kopecks. */
  fullKopecks: number;
  /** What the company paid for it (0 while unpaid), kopecks. */
  paidKopecks: number;
  /** Who bears it: the company, the driver, or not decided yet. */
  bearer: 'company' | 'driver' | null;
};

/** The statement's figures. */
export type DriverStatement = {
  organizationName: string;
  driverName: string;
  driverLicense: string;
  /** 'YYYY-MM'. */
  month: string;
  fines: readonly StatementFine[];
  /** The next payment to the driver after tax, kopecks, when the accountant gave it. */
  payKopecks: number | null;
  masked: boolean;
};

/** The sums of a statement, kopecks. */
export type StatementTotals = {
  count: number;
  fullKopecks: number;
  paidKopecks: number;
  /** Paid fines the driver bears: what may be recovered from them. */
  owedKopecks: number;
  /** Fines the driver bears that the company has not paid yet (recovered only once paid). */
  awaitingKopecks: number;
  companyKopecks: number;
  undecided: number;
  /** What the statement proposes to withhold from the next payment: min(owed, 20 % of it); 0 without the payment. */
  proposedKopecks: number;
  /** What is left for later payments. */
  carriedKopecks: number;
};

/** The sums: what is owed is only what the company has paid for fines the driver bears. */
export function statementTotals(statement: DriverStatement): StatementTotals {
  const sum = (fines: readonly StatementFine[], pick: (f: StatementFine) => number) => fines.reduce((total, f) => total + pick(f), 0);
  const driver = statement.fines.filter((f) => f.bearer === 'driver');
  const owedKopecks = sum(driver, (f) => f.paidKopecks);
  const proposedKopecks = statement.payKopecks === null ? 0 : withholdingFromPayment(owedKopecks, statement.payKopecks);
  return {
    count: statement.fines.length,
    fullKopecks: sum(statement.fines, (f) => f.fullKopecks),
    paidKopecks: sum(statement.fines, (f) => f.paidKopecks),
    owedKopecks,
    awaitingKopecks: sum(
      driver.filter((f) => f.paidKopecks === 0),
      (f) => f.fullKopecks,
    ),
    companyKopecks: sum(
      statement.fines.filter((f) => f.bearer === 'company'),
      (f) => f.paidKopecks,
    ),
    undecided: statement.fines.filter((f) => f.bearer === null).length,
    proposedKopecks,
    carriedKopecks: owedKopecks - proposedKopecks,
  };
}

/** 'март 2026' for '2026-03'. */
export function monthTitle(month: string): string {
  const names = ['январь', 'февраль', 'март', 'апрель', 'май', 'июнь', 'июль', 'август', 'сентябрь', 'октябрь', 'ноябрь', 'декабрь'];
  return `${names[Number(month.slice(5, 7)) - 1] ?? ''} ${month.slice(0, 4)}`;
}

/** Who bears a fine, in words. */
export const bearerLabel = (bearer: StatementFine['bearer']) => (bearer === 'driver' ? 'водитель' : bearer === 'company' ? 'компания' : 'не решено');

/** The limits the statement states, each with its source. */
export function withholdingRules(): string[] {
  const f = WITHHOLDING_FACTS;
  return [
    `Всего удержаний из одной выплаты — не больше ${f.generalCapPercent.value} % (${f.generalCapPercent.source}); ${f.federalLawCapPercent.value} % — только в случаях, предусмотренных федеральными законами (${f.federalLawCapPercent.source}), ${f.specialCapPercent.value} % — для алиментов на несовершеннолетних детей, возмещения вреда здоровью и ущерба от преступления (${f.specialCapPercent.source}).`,
    `${f.grounds.value} (${f.grounds.source})`,
    `${f.byOrder.value} (${f.byOrder.source})`,
    `${f.voluntary.value} (${f.voluntary.source})`,
    `${f.base.value} (${f.base.source})`,
  ];
}

/** The consent the driver signs: the sum, the cap per payment, the grounds. */
export function consentText(statement: DriverStatement, totals: StatementTotals, money: (kopecks: number) => string): string[] {
  return [
    `Я, ${statement.driverName}, водительское удостоверение ${statement.driverLicense}, ознакомлен(а) с перечнем штрафов за ${monthTitle(statement.month)}, назначенных за нарушения в то время, когда я управлял(а) автомобилем по путевому листу.`,
    `Согласен(на) добровольно возместить ${statement.organizationName} уплаченные ею штрафы на сумму ${money(totals.owedKopecks)} путём удержания из моей заработной платы, не более ${WITHHOLDING_CAP_PERCENT} % каждой выплаты, до полного погашения (ТК РФ ст. 248 ч. 4, ст. 138 ч. 1).`,
    'Подпись работника ______________________   Дата «____» ______________ 20___ г.',
    'С согласием ознакомлен, представитель работодателя ______________________ / ______________________ /',
  ];
}

import { FZ490_ACT, KOAP_ARTICLES } from '../koapArticles.ts';
import { koapCitation } from '../koapCitation.ts';
import { lawDay } from './lawDay.ts';

// Every legal figure the site states, with its primary source (the act, its date and article) and
// the day an editor last checked it against the law in force. Content refers to them as {{fact:id}}
// or {{fine:article}} (placeholders.ts), so a change of law is one edit here. Fine amounts per article
// live in koapArticles.ts (the sandbox uses the same table) and are exposed here as fine.<article>.
// A figure the law changes on a known day keeps both values: `value` is the one after the latest
// change and `changes` the earlier ones with the day each ended, so the build shows the value in force
// on its own day (lawDay.ts) and a rebuild on the day of the change is enough.

/** How a figure is written in text. */
export type FactUnit = 'rub' | 'percent' | 'count' | 'text';

/** A change of a figure: the value before `from`, and the act that changed it. */
export interface FactChange {
  /** 'YYYY-MM-DD' the next value took effect. */
  readonly from: string;
  readonly before: number | string;
  /** The act that made the change, with its date and number. */
  readonly act: string;
}

/** One legal figure. */
export interface LegalFact {
  /** The value in force (in LEGAL_FACTS: on the day of the build). */
  readonly value: number | string;
  readonly unit: FactUnit;
  /** The act (with its date) and article the figure comes from. */
  readonly source: string;
  /** 'YYYY-MM-DD' the figure was last checked against the law in force. */
  readonly checked: string;
  /** Earlier values, oldest first; each `before` held until the day before `from`. */
  readonly changes?: readonly FactChange[];
  /** What the figure is, in short Russian (for /law-changes/). */
  readonly title?: string;
  /** Our КоАП article code, for fines. */
  readonly article?: string;
}

/** The day the figures were checked for issue 15. */
export const CHECKED = '2026-11-24';
/** The day the figures marked so were checked again against the law in force for issue 28. */
export const RECHECKED = '2026-11-26';

const KOAP = 'КоАП РФ (Федеральный закон от 30.12.2001 № 195-ФЗ)';
const OSAGO_LAW = 'Федеральный закон от 25.04.2002 № 40-ФЗ «Об ОСАГО»';
const FSSP_LAW = 'Федеральный закон от 02.10.2007 № 229-ФЗ «Об исполнительном производстве», ст. 112 ч. 3';
const KBM_ACT = 'Указание Банка России от 08.12.2021 № 6007-У, приложение 2';
const DISCOUNT = `${KOAP}, ст. 32.2 ч. 1.3 в ред. ${FZ490_ACT} (в силе с 01.01.2025)`;
const DISCOUNT_CHANGE = (before: number): FactChange => ({ from: '2025-01-01', before, act: FZ490_ACT });

type Extra = Pick<LegalFact, 'changes' | 'title' | 'article'>;
const fact = (value: number | string, unit: FactUnit, source: string, checked = CHECKED, extra: Extra = {}): LegalFact => ({ value, unit, source, checked, ...extra });

/** The figures as recorded: `value` after the latest change. */
export const LEGAL_FACT_RECORDS: Readonly<Record<string, LegalFact>> = {
  'discount.share': fact(25, 'percent', DISCOUNT, RECHECKED, { title: 'Скидка за оплату штрафа в льготный срок', changes: [DISCOUNT_CHANGE(50)] }),
  'discount.days': fact(30, 'count', DISCOUNT, RECHECKED, { title: 'Льготный срок оплаты со скидкой, дней', changes: [DISCOUNT_CHANGE(20)] }),
  'discount.payable': fact(75, 'percent', `${DISCOUNT}: со скидкой платят 75 % суммы`, RECHECKED),
  'discount.legacyShare': fact(50, 'percent', `${KOAP}, ст. 32.2 ч. 1.3 в ред. до 01.01.2025 (для постановлений, вынесенных до этого дня)`, RECHECKED),
  'discount.legacyDays': fact(20, 'count', `${KOAP}, ст. 32.2 ч. 1.3 в ред. до 01.01.2025 (для постановлений, вынесенных до этого дня)`, RECHECKED),
  'term.appealDays': fact(10, 'count', `${KOAP}, ст. 30.3 ч. 1`),
  'term.paymentDays': fact(60, 'count', `${KOAP}, ст. 32.2 ч. 1`),
  'term.licenceSurrenderDays': fact(3, 'count', `${KOAP}, ст. 32.7 ч. 1.1 (рабочих дня)`),
  'term.tollGraceDays': fact(20, 'count', `${KOAP}, ст. 12.21.4, примечание 1 (введена Федеральным законом от 30.12.2020 № 521-ФЗ)`, RECHECKED),
  'kbm.classCount': fact(15, 'count', KBM_ACT),
  'kbm.classes': fact('М, 0–13', 'text', KBM_ACT),
  'kbm.startClass': fact(3, 'count', KBM_ACT),
  'europrotocol.paper': fact(100_000, 'rub', `${OSAGO_LAW}, ст. 11.1 ч. 4`),
  'europrotocol.app': fact(400_000, 'rub', `${OSAGO_LAW}, ст. 11.1 ч. 6`),
  'osago.property': fact(400_000, 'rub', `${OSAGO_LAW}, ст. 7`),
  'osago.health': fact(500_000, 'rub', `${OSAGO_LAW}, ст. 7`),
  'fine.12.37.1': fact(500, 'rub', `${KOAP}, ч. 1 ст. 12.37 (вне периода использования или водитель не вписан в полис)`),
  'fine.12.3.2': fact(500, 'rub', `${KOAP}, ч. 2 ст. 12.3 (или предупреждение)`),
  'fine.12.21.3.2': fact(10_000, 'rub', `${KOAP}, ч. 2 ст. 12.21.3 (повторное движение без платы «Платон»)`),
  'fssp.feePercent': fact(7, 'percent', FSSP_LAW),
  'fssp.feeMinCitizen': fact(1000, 'rub', `${FSSP_LAW} (должник-гражданин)`),
  'fssp.feeMinOrganization': fact(10_000, 'rub', `${FSSP_LAW} (должник-организация)`),
  'fineMax.12.37.3': fact(5000, 'rub', `${KOAP}, ч. 3 ст. 12.37 в ред. ${FZ490_ACT} (верхняя граница штрафа)`, RECHECKED),
  'fineMax.12.7.1': fact(15_000, 'rub', `${KOAP}, ч. 1 ст. 12.7 (верхняя граница штрафа)`, RECHECKED),
  'osago.database': fact(
    'НСИС',
    'text',
    `${OSAGO_LAW}, ст. 30 (автоматизированная информационная система ОСАГО); оператор системы — АО «Национальная страховая информационная система» (генеральный директор НСИС, РИА Новости от 15.09.2025)`,
    RECHECKED,
    { title: 'Где проверяют полис ОСАГО и КБМ' },
  ),
  'osago.databaseName': fact(
    'Национальная страховая информационная система (НСИС)',
    'text',
    `${OSAGO_LAW}, ст. 30; оператор АИС ОСАГО — НСИС (РИА Новости от 15.09.2025)`,
    RECHECKED,
  ),
  'licence.extendedUntil': fact(
    '31.12.2025',
    'text',
    'Постановление Правительства РФ от 12.03.2022 № 353, приложение 14, п. 5: удостоверения, срок которых истёк с 01.01.2022 по 31.12.2025, продлены на 3 года один раз (разъяснение МВД России, ПРАЙМ от 25.12.2025)',
    RECHECKED,
  ),
  'licence.autoExtension': fact('не продлевается', 'text', 'Постановление Правительства РФ от 12.03.2022 № 353, приложение 14, п. 5 (разъяснение МВД России, ПРАЙМ от 25.12.2025)', RECHECKED, {
    title: 'Водительское удостоверение, срок которого истекает: автоматическое продление',
    changes: [{ from: '2026-01-01', before: 'продлевается на 3 года', act: 'Постановление Правительства РФ от 12.03.2022 № 353, приложение 14, п. 5' }],
  }),
  'moscow.parkingBodies': fact(
    'В Москве платными парковками управляет ГКУ «АМПП» (Администратор Московского парковочного пространства): оно следит за оплатой и фиксирует нарушения на парковках, а постановления о штрафах выносит МАДИ (Московская административная дорожная инспекция).',
    'text',
    'Закон г. Москвы от 21.11.2007 № 45 (КоАП Москвы), ст. 8.14, ст. 16.3; положения о МАДИ и ГКУ «АМПП»',
  ),
  ...Object.fromEntries(
    KOAP_ARTICLES.map((row) => [
      `fine.${row.article}`,
      fact(row.amount, 'rub', row.change === undefined ? `${KOAP}, ${koapCitation(row.article)}` : `${KOAP}, ${koapCitation(row.article)} в ред. ${row.change.act}`, row.change === undefined ? CHECKED : RECHECKED, {
        title: row.title,
        article: row.article,
        ...(row.change === undefined ? {} : { changes: [row.change] }),
      }),
    ]),
  ),
};

/** The value of a figure on a day ('YYYY-MM-DD'): the `before` of the first change not yet in force, or `value`. */
export function valueOn(fact: LegalFact, day: string): number | string {
  return (fact.changes ?? []).find((change) => day < change.from)?.before ?? fact.value;
}

/** Every figure with the value in force on a day. */
export function factsOn(day: string): Readonly<Record<string, LegalFact>> {
  return Object.fromEntries(Object.entries(LEGAL_FACT_RECORDS).map(([id, record]) => [id, { ...record, value: valueOn(record, day) }]));
}

/** The figures, by id, with the values in force on the day of the build. */
export const LEGAL_FACTS: Readonly<Record<string, LegalFact>> = factsOn(lawDay());

/** The figure with this id, or undefined. */
export function legalFact(id: string): LegalFact | undefined {
  return LEGAL_FACTS[id];
}

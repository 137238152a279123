import { KOAP_ARTICLES } from '../koapArticles.ts';
import { koapCitation } from '../koapCitation.ts';
import { PAYMENT_ORDER_FACTS } from './paymentOrderRules.ts';

// Every legal figure the site states, with its source and the day an editor last checked it against
// the law in force. Content refers to them as {{fact:id}} or {{fine:article}} (placeholders.ts), so a
// change of law is one edit here. Fine amounts per article live in koapArticles.ts (the sandbox uses
// the same table) and are exposed here as fine.<article>.

/** How a figure is written in text. */
export type FactUnit = 'rub' | 'percent' | 'count' | 'text';

/** One legal figure. */
export interface LegalFact {
  readonly value: number | string;
  readonly unit: FactUnit;
  /** The act and article the figure comes from. */
  readonly source: string;
  /** 'YYYY-MM-DD' the figure was last checked against the law in force. */
  readonly checked: string;
}

/** The day the figures below were checked for issue 15. */
export const CHECKED = '2026-11-24';

const fact = (value: number | string, unit: FactUnit, source: string): LegalFact => ({ value, unit, source, checked: CHECKED });

/** The figures, by id. */
export const LEGAL_FACTS: Readonly<Record<string, LegalFact>> = {
  'discount.share': fact(25, 'percent', 'КоАП РФ ст. 32.2 ч. 1.3 (ред. 490-ФЗ от 26.12.2024)'),
  'discount.days': fact(30, 'count', 'КоАП РФ ст. 32.2 ч. 1.3 (ред. 490-ФЗ от 26.12.2024)'),
  'discount.payable': fact(75, 'percent', 'КоАП РФ ст. 32.2 ч. 1.3 (ред. 490-ФЗ от 26.12.2024): со скидкой платят 75 % суммы'),
  'discount.legacyShare': fact(50, 'percent', 'КоАП РФ ст. 32.2 ч. 1.3 (ред. 437-ФЗ, для постановлений до 01.01.2025)'),
  'discount.legacyDays': fact(20, 'count', 'КоАП РФ ст. 32.2 ч. 1.3 (ред. 437-ФЗ, для постановлений до 01.01.2025)'),
  'term.appealDays': fact(10, 'count', 'КоАП РФ ст. 30.3 ч. 1'),
  'term.paymentDays': fact(60, 'count', 'КоАП РФ ст. 32.2 ч. 1'),
  'term.licenceSurrenderDays': fact(3, 'count', 'КоАП РФ ст. 32.7 ч. 1.1 (рабочих дня)'),
  'term.tollGraceDays': fact(20, 'count', 'КоАП РФ ст. 12.21.4, примечание'),
  'kbm.classCount': fact(15, 'count', 'Указание Банка России от 08.12.2021 № 6007-У, приложение 2'),
  'kbm.classes': fact('М, 0–13', 'text', 'Указание Банка России от 08.12.2021 № 6007-У, приложение 2'),
  'kbm.startClass': fact(3, 'count', 'Указание Банка России от 08.12.2021 № 6007-У'),
  'europrotocol.paper': fact(100_000, 'rub', '40-ФЗ «Об ОСАГО», ст. 11.1 ч. 4'),
  'europrotocol.app': fact(400_000, 'rub', '40-ФЗ «Об ОСАГО», ст. 11.1 ч. 6'),
  'osago.property': fact(400_000, 'rub', '40-ФЗ «Об ОСАГО», ст. 7'),
  'osago.health': fact(500_000, 'rub', '40-ФЗ «Об ОСАГО», ст. 7'),
  'fine.12.37.1': fact(500, 'rub', 'КоАП РФ, ч. 1 ст. 12.37 (вне периода использования или водитель не вписан в полис)'),
  'fine.12.3.2': fact(500, 'rub', 'КоАП РФ, ч. 2 ст. 12.3 (или предупреждение)'),
  'fine.12.21.3.2': fact(10_000, 'rub', 'КоАП РФ, ч. 2 ст. 12.21.3 (повторное движение без платы «Платон»)'),
  'fssp.feePercent': fact(7, 'percent', '229-ФЗ «Об исполнительном производстве», ст. 112 ч. 3'),
  'fssp.feeMinCitizen': fact(1000, 'rub', '229-ФЗ «Об исполнительном производстве», ст. 112 ч. 3 (должник-гражданин)'),
  'fssp.feeMinOrganization': fact(10_000, 'rub', '229-ФЗ «Об исполнительном производстве», ст. 112 ч. 3 (должник-организация)'),
  'fineMax.12.37.3': fact(5000, 'rub', 'КоАП РФ ст. 12.37 ч. 3 (верхняя граница штрафа)'),
  'osago.database': fact('НСИС', 'text', '40-ФЗ «Об ОСАГО», ст. 30 (оператор АИС ОСАГО с 2024 года)'),
  'moscow.parkingBodies': fact(
    'В Москве платными парковками управляет ГКУ «АМПП» (Администратор Московского парковочного пространства): оно следит за оплатой и фиксирует нарушения на парковках, а постановления о штрафах выносит МАДИ (Московская административная дорожная инспекция).',
    'text',
    'Закон г. Москвы от 21.11.2007 № 45 (КоАП Москвы), ст. 8.14, ст. 16.3; положения о МАДИ и ГКУ «АМПП»',
  ),
  ...PAYMENT_ORDER_FACTS,
  ...Object.fromEntries(KOAP_ARTICLES.map((row) => [`fine.${row.article}`, fact(row.amount, 'rub', `КоАП РФ, ${koapCitation(row.article)}`)])),
};

/** The figure with this id, or undefined. */
export function legalFact(id: string): LegalFact | undefined {
  return LEGAL_FACTS[id];
}

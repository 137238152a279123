// How each budget field of a payment order for a traffic fine is filled (issue 26 §3): the Bank of
// Russia's list of a payment order's fields (Положение от 29.06.2021 № 762-П, приложение 1) and
// Минфин's rules for payments to the budget (Приказ от 12.11.2013 № 107н as amended, in force).
// server/organizations/paymentOrders/ writes every order from these values, so a change of rule
// is one edit here; /organization/ and README cite them.

/** The day these rules were last checked against the acts in force. */
export const PAYMENT_ORDER_RULES_CHECKED = '2026-11-26';

/** One rule, shaped as facts.ts's LegalFact (not imported: facts.ts spreads these in, and imports run one way). */
type RuleFact = { readonly value: number | string; readonly unit: 'count' | 'text'; readonly source: string; readonly checked: string };

const rule = (value: number | string, source: string): RuleFact => ({ value, unit: typeof value === 'number' ? 'count' : 'text', source, checked: PAYMENT_ORDER_RULES_CHECKED });

/** The rules, by field. */
export const PAYMENT_ORDER_FACTS = {
  /** Реквизит 101: who draws the order up. */
  'paymentOrder.payerStatus': rule(
    '08',
    'Приказ Минфина России от 12.11.2013 № 107н, приложение 5 (ред. приказа от 30.12.2022 № 199н): «08» — юридическое лицо или индивидуальный предприниматель, переводящие платёж в бюджетную систему, кроме платежей, администрируемых налоговыми органами',
  ),
  /** Реквизит 22 «Код»: the ruling's УИН. */
  'paymentOrder.uin': rule('УИН постановления (20 или 25 знаков)', 'Положение Банка России от 29.06.2021 № 762-П, приложение 1, реквизит 22 «Код»; Приказ Минфина России от 12.11.2013 № 107н, приложение 4: указывается уникальный идентификатор начисления'),
  /** Реквизит 104. */
  'paymentOrder.kbk': rule('КБК из постановления, 20 знаков', 'Положение Банка России от 29.06.2021 № 762-П, приложение 1, реквизит 104; Приказ Минфина России от 12.11.2013 № 107н, приложение 4'),
  /** Реквизит 105. */
  'paymentOrder.oktmo': rule('ОКТМО из постановления, 8 или 11 цифр', 'Положение Банка России от 29.06.2021 № 762-П, приложение 1, реквизит 105; Приказ Минфина России от 12.11.2013 № 107н, приложение 4'),
  /** Реквизиты 106–109 of a non-tax payment. */
  'paymentOrder.basis': rule('0', 'Приказ Минфина России от 12.11.2013 № 107н, приложение 4: в платежах, не администрируемых налоговыми органами, в реквизите 106 указывается «0»'),
  'paymentOrder.period': rule('0', 'Приказ Минфина России от 12.11.2013 № 107н, приложение 4: реквизит 107 — «0»'),
  'paymentOrder.documentNumber': rule('0', 'Приказ Минфина России от 12.11.2013 № 107н, приложение 4: реквизит 108 — «0», когда в реквизите 22 «Код» указан УИН'),
  'paymentOrder.documentDate': rule('0', 'Приказ Минфина России от 12.11.2013 № 107н, приложение 4: реквизит 109 — «0»'),
  /** Реквизит 102 of an individual entrepreneur, who has no КПП. */
  'paymentOrder.payerKppNone': rule('0', 'Приказ Минфина России от 12.11.2013 № 107н, приложение 4: при отсутствии КПП плательщика в реквизите 102 указывается «0»'),
  /** Реквизит 21. */
  'paymentOrder.priority': rule(5, 'Гражданский кодекс РФ, часть вторая (Федеральный закон от 26.01.1996 № 14-ФЗ), ст. 855 п. 2 (пятая очередь — по другим платёжным документам); Положение Банка России от 29.06.2021 № 762-П, приложение 1, реквизит 21 «Очер. плат.»'),
  /** Реквизит 18. */
  'paymentOrder.operationKind': rule('01', 'Положение Банка России от 29.06.2021 № 762-П, приложение 1, реквизит 18 «Вид оп.»: шифр платёжного поручения — 01'),
  /** Реквизит 5. */
  'paymentOrder.paymentKind': rule(
    'не заполняется',
    'Положение Банка России от 29.06.2021 № 762-П, приложение 1, реквизит 5 «Вид платежа»: в электронном распоряжении — код, установленный банком, или «срочно»; для обычного перевода поле оставляется пустым, банк заполняет сам',
  ),
  /** Реквизит 24. */
  'paymentOrder.purposeLength': rule(210, 'Положение Банка России от 29.06.2021 № 762-П, приложение 1, реквизит 24 «Назначение платежа»: не более 210 символов'),
  /** Реквизиты 15 and 17 of a payment to the treasury. */
  'paymentOrder.treasuryAccounts': rule(
    'Сч. № банка получателя (15) — единый казначейский счёт 40102…, Сч. № получателя (17) — казначейский счёт 03…',
    'Положение Банка России от 29.06.2021 № 762-П, приложение 1, реквизиты 15 и 17; казначейские счета с 01.01.2021 (Бюджетный кодекс РФ, Федеральный закон от 31.07.1998 № 145-ФЗ, ст. 242.14)',
  ),
} as const satisfies Readonly<Record<string, RuleFact>>;

/** The file's format: 1С's exchange standard with bank clients (a format, not a law, so not among the facts above). */
export const PAYMENT_ORDER_FORMAT = {
  value: '1CClientBankExchange, версия 1.03; Windows-1251; строки через CR LF',
  source: '1С: «Стандарт обмена электронными документами с системами „Клиент банка“», формат 1.03 (v8.1c.ru, «Стандарт обмена с системами клиент-банка»)',
} as const;

/** A rule's value as the order writes it. */
export const orderRule = (id: keyof typeof PAYMENT_ORDER_FACTS): string => String(PAYMENT_ORDER_FACTS[id].value);

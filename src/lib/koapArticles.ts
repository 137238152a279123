// Common traffic articles of КоАП РФ (chapter 12) with the fine a citizen gets in 2026, for the
// fines sandbox and for article titles. `article` is our code: article, then part, joined by dots
// ('12.9.2' = ч. 2 ст. 12.9; '12.36.1' is the whole article 12.36.1, which has no parts).
// `amount` is what a camera ruling imposes where the article gives a range: camera rulings (КоАП
// ст. 2.6.1, ст. 28.6 ч. 3) take the lowest amount of the range; where the sanction is "warning or
// a fine", the fine. `camera` says whether automatic cameras record the violation.
// `change` records the last change of law for the row: the amount before the day it took effect
// and the act (490-ФЗ raised most amounts from 01.01.2025; 525-ФЗ raised ч. 3 ст. 12.23 from
// 09.01.2026). legalFacts shows the amount in force on the day of the build and /law-changes/ lists
// the changes, so the two can never disagree.

/** A change of an article's fine: the amount before `from` and the act that changed it. */
export interface KoapChange {
  /** 'YYYY-MM-DD' the new amount took effect. */
  readonly from: string;
  /** The citizen's fine before that day (the lowest of a range). */
  readonly before: number;
  /** The act, with its date and number. */
  readonly act: string;
}

/** Федеральный закон от 26.12.2024 № 490-ФЗ (official publication 26.12.2024, in force 01.01.2025). */
export const FZ490_ACT = 'Федеральный закон от 26.12.2024 № 490-ФЗ';
/** Федеральный закон от 29.12.2025 № 525-ФЗ (ч. 3 ст. 12.23, in force 09.01.2026). */
export const FZ525_ACT = 'Федеральный закон от 29.12.2025 № 525-ФЗ';
const FZ525 = FZ525_ACT;
const FZ490 = (before: number): KoapChange => ({ from: '2025-01-01', before, act: FZ490_ACT });

/** One article of the table. */
export interface KoapArticle {
  /** Our code: '12.9.2' for ч. 2 ст. 12.9. */
  readonly article: string;
  /** What the violation is, in short Russian. */
  readonly title: string;
  /** Fine for a citizen in roubles (the lowest of a range). */
  readonly amount: number;
  /** Whether cameras record this violation (rulings without an inspector). */
  readonly camera: boolean;
  /** The last change of the amount, when it changed in 2025 or later. */
  readonly change?: KoapChange;
}

/** Common traffic violations with their fines after the latest change (see the notes above). */
export const KOAP_ARTICLES: readonly KoapArticle[] = [
  { article: '12.1.1', title: 'Управление незарегистрированным транспортным средством', amount: 500, camera: false },
  { article: '12.2.1', title: 'Нечитаемые или нестандартные госномера', amount: 500, camera: false },
  { article: '12.2.2', title: 'Управление транспортным средством без госномеров', amount: 5000, camera: false },
  { article: '12.5.3.1', title: 'Тонировка стёкол сверх допустимой', amount: 500, camera: false },
  { article: '12.6', title: 'Непристёгнутый ремень безопасности', amount: 1500, camera: true, change: FZ490(1000) },
  { article: '12.7.1', title: 'Управление без права управления, в том числе с удостоверением, срок которого истёк', amount: 5000, camera: false },
  { article: '12.8.1', title: 'Управление в состоянии опьянения', amount: 45000, camera: false, change: FZ490(30000) },
  { article: '12.9.2', title: 'Превышение скорости на 20–40 км/ч', amount: 750, camera: true, change: FZ490(500) },
  { article: '12.9.3', title: 'Превышение скорости на 40–60 км/ч', amount: 1500, camera: true, change: FZ490(1000) },
  { article: '12.9.4', title: 'Превышение скорости на 60–80 км/ч', amount: 3000, camera: true, change: FZ490(2000) },
  { article: '12.9.5', title: 'Превышение скорости более чем на 80 км/ч', amount: 7500, camera: true, change: FZ490(5000) },
  { article: '12.9.6', title: 'Повторное превышение скорости на 40–60 км/ч', amount: 3000, camera: true, change: FZ490(2000) },
  { article: '12.9.7', title: 'Повторное превышение скорости более чем на 60 км/ч', amount: 7500, camera: true, change: FZ490(5000) },
  { article: '12.12.1', title: 'Проезд на запрещающий сигнал светофора', amount: 1500, camera: true, change: FZ490(1000) },
  { article: '12.12.2', title: 'Остановка за стоп-линией на запрещающий сигнал', amount: 800, camera: true },
  { article: '12.12.3', title: 'Повторный проезд на запрещающий сигнал светофора', amount: 7500, camera: true, change: FZ490(5000) },
  { article: '12.13.1', title: 'Выезд на перекрёсток при заторе', amount: 1000, camera: true },
  { article: '12.14.3', title: 'Не уступил дорогу при выезде с прилегающей территории', amount: 500, camera: false },
  { article: '12.15.1', title: 'Нарушение правил расположения на проезжей части, движение по обочине', amount: 2250, camera: true, change: FZ490(1500) },
  { article: '12.15.3', title: 'Выезд на встречную полосу при объезде препятствия', amount: 1500, camera: true, change: FZ490(1000) },
  { article: '12.15.4', title: 'Выезд на полосу встречного движения', amount: 7500, camera: true, change: FZ490(5000) },
  { article: '12.16.1', title: 'Несоблюдение требований дорожных знаков или разметки', amount: 750, camera: true, change: FZ490(500) },
  { article: '12.16.2', title: 'Поворот налево или разворот в нарушение знаков или разметки', amount: 1000, camera: true },
  { article: '12.16.4', title: 'Остановка или стоянка под запрещающим знаком', amount: 1500, camera: true },
  { article: '12.16.5', title: 'Остановка или стоянка под запрещающим знаком в Москве или Санкт-Петербурге', amount: 3000, camera: true },
  { article: '12.17.1.1', title: 'Движение по полосе для маршрутных транспортных средств', amount: 2250, camera: true, change: FZ490(1500) },
  { article: '12.17.1.2', title: 'Движение по полосе для маршрутных транспортных средств в Москве или Санкт-Петербурге', amount: 4500, camera: true, change: FZ490(3000) },
  { article: '12.18', title: 'Не пропустил пешехода', amount: 1500, camera: true },
  { article: '12.19.2', title: 'Стоянка на месте для инвалидов', amount: 5000, camera: true },
  { article: '12.19.3', title: 'Остановка на пешеходном переходе или ближе 5 м перед ним', amount: 1000, camera: true },
  { article: '12.19.6', title: 'Нарушение правил остановки или стоянки (ч. 3–4 ст. 12.19) в Москве или Санкт-Петербурге', amount: 3000, camera: true },
  { article: '12.20', title: 'Нарушение правил пользования внешними световыми приборами', amount: 500, camera: false },
  { article: '12.21.3.1', title: 'Движение грузовика массой свыше 12 т по федеральной трассе без платы «Платон»', amount: 5000, camera: true },
  { article: '12.21.4.1', title: 'Проезд по платной дороге без оплаты', amount: 1500, camera: true },
  { article: '12.21.4.2', title: 'Проезд грузовика или автобуса по платной дороге без оплаты', amount: 5000, camera: true },
  { article: '12.23.3', title: 'Перевозка детей без детского удерживающего устройства', amount: 5000, camera: false, change: { from: '2026-01-09', before: 3000, act: FZ525 } },
  { article: '12.24.1', title: 'Нарушение ПДД, повлёкшее лёгкий вред здоровью', amount: 3750, camera: false, change: FZ490(2500) },
  { article: '12.26.1', title: 'Отказ от медицинского освидетельствования на состояние опьянения', amount: 45000, camera: false, change: FZ490(30000) },
  { article: '12.36.1', title: 'Разговор по телефону за рулём без гарнитуры', amount: 1500, camera: true },
  { article: '12.37.2', title: 'Управление без полиса ОСАГО', amount: 800, camera: false },
  { article: '12.37.3', title: 'Повторное управление без полиса ОСАГО', amount: 3000, camera: false, change: FZ490(800) },
];

/** The table row of an article code, or undefined. */
export function koapArticle(article: string): KoapArticle | undefined {
  return KOAP_ARTICLES.find((entry) => entry.article === article);
}

import { withInnCheckDigits } from '../../../src/lib/inn.ts';

/** A region of Russia as the sandbox needs it: plate codes, police and treasury names, streets and a centre. */
export type Region = {
  /** Subject code as it appears in ruling numbers, two digits ('77'). */
  code: string;
  /** Plate region codes of the region, old ones included; 80, 81, 84 and 85 also mean a second region (src/lib/legalFacts/plateCodes.ts). */
  plateCodes: readonly string[];
  /** Address prefix, e.g. 'г. Москва' or 'Московская обл., г. Химки'. */
  city: string;
  /** The police body in the form used after 'ГИБДД', e.g. 'ГУ МВД России по г. Москве'. */
  mvd: string;
  /** The regional treasury, e.g. 'УФК по г. Москве'. */
  ufk: string;
  /** City centre, WGS-84. */
  centre: readonly [number, number];
  /** Streets and roads where cameras stand; entries with 'км' get no house number. */
  streets: readonly string[];
  /** Local UTC offset. */
  utcOffset: string;
  /** Bank details of the treasury account. */
  bik: string;
  bank: string;
  oktmo: string;
  /** Two digits that make the treasury's account number differ per region. */
  accountCode: string;
  /** The body of the police payee's ИНН (9 digits; the check digit is computed). */
  innBody: string;
  /** Whether КоАП 12.16 ч. 5 (parking in Moscow or Saint Petersburg) applies. */
  federalCity: boolean;
};

/** Twenty regions with real streets and highways (the sandbox places violations there). */
export const REGIONS: readonly Region[] = [
  {
    code: '77', plateCodes: ['77', '97', '99', '177', '197', '199', '777', '797', '799', '977'], city: 'г. Москва',
    mvd: 'ГУ МВД России по г. Москве', ufk: 'УФК по г. Москве', centre: [55.7558, 37.6173], utcOffset: '+03:00',
    streets: ['Ленинградский проспект', 'Кутузовский проспект', 'проспект Мира', 'Варшавское шоссе', 'Тверская улица', 'Профсоюзная улица', 'МКАД, 47 км, внешняя сторона', 'Третье транспортное кольцо, Сущёвский Вал'],
    bik: '004525988', bank: 'ГУ Банка России по ЦФО//УФК по г. Москве г. Москва', oktmo: '45000000', accountCode: '73', innBody: '770708910', federalCity: true,
  },
  {
    code: '78', plateCodes: ['78', '98', '178', '198'], city: 'г. Санкт-Петербург',
    mvd: 'ГУ МВД России по г. Санкт-Петербургу и Ленинградской области', ufk: 'УФК по г. Санкт-Петербургу', centre: [59.9386, 30.3141], utcOffset: '+03:00',
    streets: ['Невский проспект', 'Московский проспект', 'Лиговский проспект', 'проспект Стачек', 'Пулковское шоссе', 'КАД, 25 км, внутреннее кольцо', 'Приморский проспект'],
    bik: '014030106', bank: 'Северо-Западное ГУ Банка России//УФК по г. Санкт-Петербургу г. Санкт-Петербург', oktmo: '40000000', accountCode: '72', innBody: '784200245', federalCity: true,
  },
  {
    code: '50', plateCodes: ['50', '90', '150', '190', '750', '790'], city: 'Московская обл., г. Химки',
    mvd: 'ГУ МВД России по Московской области', ufk: 'УФК по Московской области', centre: [55.8970, 37.4297], utcOffset: '+03:00',
    streets: ['Ленинградское шоссе', 'трасса М-11 «Нева», 29 км', 'Юбилейный проспект', 'улица Молодёжная', 'Новокуркинское шоссе'],
    bik: '004525987', bank: 'ГУ Банка России по ЦФО//УФК по Московской области г. Москва', oktmo: '46783000', accountCode: '48', innBody: '770303362', federalCity: false,
  },
  {
    code: '47', plateCodes: ['47', '147'], city: 'Ленинградская обл., г. Всеволожск',
    mvd: 'ГУ МВД России по г. Санкт-Петербургу и Ленинградской области', ufk: 'УФК по Ленинградской области', centre: [60.0206, 30.6373], utcOffset: '+03:00',
    streets: ['Колтушское шоссе', 'Дорога жизни, 12 км', 'Октябрьский проспект', 'трасса Р-21 «Кола», 18 км'],
    bik: '014106101', bank: 'Отделение Ленинградское Банка России//УФК по Ленинградской области г. Санкт-Петербург', oktmo: '41612101', accountCode: '45', innBody: '784200246', federalCity: false,
  },
  {
    code: '23', plateCodes: ['23', '93', '123', '193'], city: 'г. Краснодар',
    mvd: 'ГУ МВД России по Краснодарскому краю', ufk: 'УФК по Краснодарскому краю', centre: [45.0355, 38.9753], utcOffset: '+03:00',
    streets: ['улица Красная', 'улица Северная', 'Ростовское шоссе', 'улица Ставропольская', 'трасса М-4 «Дон», 1338 км', 'улица Уральская'],
    bik: '010349101', bank: 'Южное ГУ Банка России//УФК по Краснодарскому краю г. Краснодар', oktmo: '03701000', accountCode: '18', innBody: '230908892', federalCity: false,
  },
  {
    code: '16', plateCodes: ['16', '116', '716'], city: 'г. Казань',
    mvd: 'МВД по Республике Татарстан', ufk: 'УФК по Республике Татарстан', centre: [55.7961, 49.1064], utcOffset: '+03:00',
    streets: ['проспект Победы', 'улица Баумана', 'проспект Ибрагимова', 'улица Пушкина', 'трасса М-7 «Волга», 812 км', 'Оренбургский тракт'],
    bik: '019205400', bank: 'Отделение – НБ Республика Татарстан Банка России//УФК по Республике Татарстан г. Казань', oktmo: '92701000', accountCode: '11', innBody: '165400422', federalCity: false,
  },
  {
    code: '66', plateCodes: ['66', '96', '196'], city: 'г. Екатеринбург',
    mvd: 'ГУ МВД России по Свердловской области', ufk: 'УФК по Свердловской области', centre: [56.8389, 60.6057], utcOffset: '+05:00',
    streets: ['проспект Ленина', 'улица Малышева', 'улица 8 Марта', 'Кольцовский тракт', 'ЕКАД, 12 км', 'улица Бебеля'],
    bik: '016577551', bank: 'Уральское ГУ Банка России//УФК по Свердловской области г. Екатеринбург', oktmo: '65701000', accountCode: '62', innBody: '665806164', federalCity: false,
  },
  {
    code: '54', plateCodes: ['54', '154'], city: 'г. Новосибирск',
    mvd: 'ГУ МВД России по Новосибирской области', ufk: 'УФК по Новосибирской области', centre: [55.0084, 82.9357], utcOffset: '+07:00',
    streets: ['Красный проспект', 'улица Большевистская', 'Бердское шоссе', 'улица Титова', 'Северный объезд, 7 км', 'Димитровский мост'],
    bik: '015004950', bank: 'Сибирское ГУ Банка России//УФК по Новосибирской области г. Новосибирск', oktmo: '50701000', accountCode: '51', innBody: '540614885', federalCity: false,
  },
  {
    code: '52', plateCodes: ['52', '152'], city: 'г. Нижний Новгород',
    mvd: 'ГУ МВД России по Нижегородской области', ufk: 'УФК по Нижегородской области', centre: [56.3269, 44.0059], utcOffset: '+03:00',
    streets: ['улица Большая Покровская', 'проспект Гагарина', 'Московское шоссе', 'улица Родионова', 'Казанское шоссе', 'Молитовский мост'],
    bik: '012202102', bank: 'Волго-Вятское ГУ Банка России//УФК по Нижегородской области г. Нижний Новгород', oktmo: '22701000', accountCode: '32', innBody: '526000040', federalCity: false,
  },
  {
    code: '61', plateCodes: ['61', '161', '761'], city: 'г. Ростов-на-Дону',
    mvd: 'ГУ МВД России по Ростовской области', ufk: 'УФК по Ростовской области', centre: [47.2357, 39.7015], utcOffset: '+03:00',
    streets: ['Большая Садовая улица', 'проспект Стачки', 'Ворошиловский проспект', 'улица Малиновского', 'трасса М-4 «Дон», 1061 км', 'проспект Шолохова'],
    bik: '016015102', bank: 'Отделение Ростов-на-Дону Банка России//УФК по Ростовской области г. Ростов-на-Дону', oktmo: '60701000', accountCode: '58', innBody: '616103325', federalCity: false,
  },
  {
    code: '63', plateCodes: ['63', '163', '763'], city: 'г. Самара',
    mvd: 'ГУ МВД России по Самарской области', ufk: 'УФК по Самарской области', centre: [53.1959, 50.1002], utcOffset: '+04:00',
    streets: ['Московское шоссе', 'улица Ново-Садовая', 'Южное шоссе', 'улица Авроры', 'Волжский проспект', 'трасса М-5 «Урал», 1010 км'],
    bik: '013601205', bank: 'Отделение Самара Банка России//УФК по Самарской области г. Самара', oktmo: '36701000', accountCode: '42', innBody: '631701101', federalCity: false,
  },
  {
    code: '74', plateCodes: ['74', '174', '774'], city: 'г. Челябинск',
    mvd: 'ГУ МВД России по Челябинской области', ufk: 'УФК по Челябинской области', centre: [55.1644, 61.4368], utcOffset: '+05:00',
    streets: ['проспект Ленина', 'Свердловский проспект', 'Копейское шоссе', 'улица Труда', 'Троицкий тракт', 'Комсомольский проспект'],
    bik: '017501500', bank: 'Отделение Челябинск Банка России//УФК по Челябинской области г. Челябинск', oktmo: '75701000', accountCode: '69', innBody: '745303438', federalCity: false,
  },
  {
    code: '02', plateCodes: ['02', '102', '702'], city: 'г. Уфа',
    mvd: 'МВД по Республике Башкортостан', ufk: 'УФК по Республике Башкортостан', centre: [54.7388, 55.9721], utcOffset: '+05:00',
    streets: ['проспект Октября', 'улица Менделеева', 'проспект Салавата Юлаева', 'улица Комсомольская', 'трасса М-5 «Урал», 1468 км'],
    bik: '018073401', bank: 'Отделение – НБ Республика Башкортостан Банка России//УФК по Республике Башкортостан г. Уфа', oktmo: '80701000', accountCode: '01', innBody: '027502548', federalCity: false,
  },
  {
    code: '24', plateCodes: ['24', '84', '88', '124'], city: 'г. Красноярск',
    mvd: 'ГУ МВД России по Красноярскому краю', ufk: 'УФК по Красноярскому краю', centre: [56.0153, 92.8932], utcOffset: '+07:00',
    streets: ['проспект Мира', 'улица Карла Маркса', 'Октябрьский мост', 'улица 9 Мая', 'Енисейский тракт', 'улица Партизана Железняка'],
    bik: '010407105', bank: 'Отделение Красноярск Банка России//УФК по Красноярскому краю г. Красноярск', oktmo: '04701000', accountCode: '19', innBody: '246600158', federalCity: false,
  },
  {
    code: '59', plateCodes: ['59', '81', '159'], city: 'г. Пермь',
    mvd: 'ГУ МВД России по Пермскому краю', ufk: 'УФК по Пермскому краю', centre: [58.0105, 56.2502], utcOffset: '+05:00',
    streets: ['Комсомольский проспект', 'улица Ленина', 'шоссе Космонавтов', 'улица Героев Хасана', 'Восточный обход, 6 км'],
    bik: '015773997', bank: 'Отделение Пермь Банка России//УФК по Пермскому краю г. Пермь', oktmo: '57701000', accountCode: '56', innBody: '590401376', federalCity: false,
  },
  {
    code: '36', plateCodes: ['36', '136'], city: 'г. Воронеж',
    mvd: 'ГУ МВД России по Воронежской области', ufk: 'УФК по Воронежской области', centre: [51.6608, 39.2003], utcOffset: '+03:00',
    streets: ['проспект Революции', 'Московский проспект', 'Ленинский проспект', 'улица 9 Января', 'трасса М-4 «Дон», 517 км'],
    bik: '012007084', bank: 'Отделение Воронеж Банка России//УФК по Воронежской области г. Воронеж', oktmo: '20701000', accountCode: '31', innBody: '366601030', federalCity: false,
  },
  {
    code: '34', plateCodes: ['34', '134'], city: 'г. Волгоград',
    mvd: 'ГУ МВД России по Волгоградской области', ufk: 'УФК по Волгоградской области', centre: [48.7080, 44.5133], utcOffset: '+03:00',
    streets: ['проспект Ленина', 'Университетский проспект', 'улица Ангарская', 'Вторая Продольная магистраль', 'трасса Р-22 «Каспий», 968 км'],
    bik: '011806101', bank: 'Отделение Волгоград Банка России//УФК по Волгоградской области г. Волгоград', oktmo: '18701000', accountCode: '29', innBody: '345800158', federalCity: false,
  },
  {
    code: '55', plateCodes: ['55', '155'], city: 'г. Омск',
    mvd: 'УМВД России по Омской области', ufk: 'УФК по Омской области', centre: [54.9885, 73.3242], utcOffset: '+06:00',
    streets: ['улица Ленина', 'проспект Мира', 'улица 70 лет Октября', 'Красный Путь', 'Левобережный обход, 4 км'],
    bik: '015209001', bank: 'Отделение Омск Банка России//УФК по Омской области г. Омск', oktmo: '52701000', accountCode: '52', innBody: '550101017', federalCity: false,
  },
  {
    code: '38', plateCodes: ['38', '85', '138'], city: 'г. Иркутск',
    mvd: 'ГУ МВД России по Иркутской области', ufk: 'УФК по Иркутской области', centre: [52.2870, 104.3050], utcOffset: '+08:00',
    streets: ['улица Карла Маркса', 'улица Байкальская', 'улица Ленина', 'Александровский тракт', 'трасса Р-255 «Сибирь», 1854 км'],
    bik: '012520101', bank: 'Отделение Иркутск Банка России//УФК по Иркутской области г. Иркутск', oktmo: '25701000', accountCode: '34', innBody: '380801050', federalCity: false,
  },
  {
    code: '25', plateCodes: ['25', '125'], city: 'г. Владивосток',
    mvd: 'УМВД России по Приморскому краю', ufk: 'УФК по Приморскому краю', centre: [43.1155, 131.8855], utcOffset: '+10:00',
    streets: ['Океанский проспект', 'улица Светланская', 'проспект 100-летия Владивостока', 'Русский мост', 'трасса А-370 «Уссури», 15 км'],
    bik: '010507002', bank: 'Дальневосточное ГУ Банка России//УФК по Приморскому краю г. Владивосток', oktmo: '05701000', accountCode: '20', innBody: '253810104', federalCity: false,
  },
  {
    code: '39', plateCodes: ['39', '91'], city: 'г. Калининград',
    mvd: 'УМВД России по Калининградской области', ufk: 'УФК по Калининградской области', centre: [54.7104, 20.4522], utcOffset: '+02:00',
    streets: ['Ленинский проспект', 'Московский проспект', 'улица Черняховского', 'Приморское кольцо, 9 км', 'Советский проспект'],
    bik: '012748051', bank: 'Отделение Калининград Банка России//УФК по Калининградской области г. Калининград', oktmo: '27701000', accountCode: '35', innBody: '390600001', federalCity: false,
  },
];

/** The region of a plate code, or undefined for codes the table does not hold. */
export function regionOfPlate(plateRegion: string): Region | undefined {
  return REGIONS.find((region) => region.plateCodes.includes(plateRegion));
}

/** ИНН of the region's police payee (valid check digit). */
export function payeeInn(region: Region): string {
  return withInnCheckDigits(region.innBody);
}

/** The 20-digit account's control key with a БИК (Bank of Russia's rule: weights 7, 1, 3 over three БИК digits and the account). */
export function accountKey(bik: string, account: string): number {
  // Accounts at the Bank of Russia's divisions (the treasury's ЕКС) take «0» and the БИК's 5th–6th digits.
  const digits = `0${bik.slice(4, 6)}${account.slice(0, 8)}0${account.slice(9)}`;
  let sum = 0;
  for (let i = 0; i < 23; i++) sum += (Number(digits[i]) * ([7, 1, 3][i % 3] ?? 0)) % 10;
  return ((sum % 10) * 3) % 10;
}

/** The region's single treasury account (ЕКС, 40102810…4537…) with a valid control key for its БИК (sandbox numbering). */
export function singleTreasuryAccount(region: Region): string {
  const account = `40102810045370000${region.accountCode.padStart(3, '0')}`;
  return `${account.slice(0, 8)}${accountKey(region.bik, account)}${account.slice(9)}`;
}

/** The region's treasury account for fines (20 digits). */
export function treasuryAccount(region: Region): string {
  return `0310064300000001${region.accountCode}00`;
}

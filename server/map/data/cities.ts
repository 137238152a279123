/**
 * Cities the generated camera set covers: real centres (WGS-84), the region's subject code, and the
 * main roads as a bearing from the centre (degrees clockwise from north) and a length. The street
 * names are real roads of each city; their bearings and lengths are rounded, which is what makes the
 * set synthetic (README "Cameras": how to load a surveyed dataset instead).
 */

/** A road leaving the centre: its name, bearing (°) and length (km). */
export type Artery = readonly [name: string, bearing: number, km: number];

/** A ring road: name, radius (km), and the arc it runs over (bearings from, to, clockwise). */
export type Ring = readonly [name: string, radiusKm: number, from: number, to: number, speed: number];

/** One city of the set. */
export type MapCity = {
  name: string;
  /** Prefix of camera addresses and of the geocoder's text ('г. Москва'). */
  prefix: string;
  region: string;
  /** Subject code, two digits. */
  regionCode: string;
  centre: readonly [lat: number, lon: number];
  /** Share of the city cameras (relative weight). */
  weight: number;
  arteries: readonly Artery[];
  rings?: readonly Ring[];
};

/** Street names found in most Russian cities, for cities without their own list (bearings spread evenly). */
const COMMON = ['улица Ленина', 'проспект Мира', 'Советская улица', 'улица Гагарина', 'Московское шоссе', 'проспект Победы', 'улица Кирова', 'Октябрьский проспект'];

/** Arteries of a city described only by its size: the common names fanned over `from`..`to` degrees. */
function fan(km: number, count = 6, from = 0, to = 360): Artery[] {
  const step = (to - from) / count;
  return COMMON.slice(0, count).map((name, i) => [name, Math.round(from + step * i + step / 2) % 360, km] as const);
}

/** The cities, largest first. */
export const MAP_CITIES: readonly MapCity[] = [
  {
    name: 'Москва', prefix: 'г. Москва', region: 'Москва', regionCode: '77', centre: [55.7558, 37.6173], weight: 22,
    arteries: [
      ['Ленинградский проспект', 318, 17], ['Кутузовский проспект', 262, 16], ['проспект Мира', 12, 16], ['Варшавское шоссе', 190, 18],
      ['Тверская улица', 320, 3], ['Профсоюзная улица', 212, 17], ['Ленинский проспект', 218, 16], ['Щёлковское шоссе', 62, 17],
      ['шоссе Энтузиастов', 95, 17], ['Волгоградский проспект', 128, 16], ['Дмитровское шоссе', 348, 18], ['Каширское шоссе', 168, 18],
      ['Рублёвское шоссе', 280, 15], ['Ярославское шоссе', 30, 18], ['Рязанский проспект', 112, 17], ['Волоколамское шоссе', 305, 17],
    ],
    rings: [
      ['Садовое кольцо', 2.2, 0, 360, 60], ['Третье транспортное кольцо', 4.8, 0, 360, 80], ['МКАД', 17, 0, 360, 100],
    ],
  },
  {
    name: 'Санкт-Петербург', prefix: 'г. Санкт-Петербург', region: 'Санкт-Петербург', regionCode: '78', centre: [59.9386, 30.3141], weight: 11,
    arteries: [
      ['Невский проспект', 118, 4], ['Московский проспект', 182, 12], ['Лиговский проспект', 170, 4], ['проспект Стачек', 222, 9],
      ['Пулковское шоссе', 186, 16], ['Приморский проспект', 312, 9], ['проспект Энгельса', 356, 13], ['Дальневосточный проспект', 98, 10],
      ['Софийская улица', 150, 14], ['Ленинский проспект', 210, 10], ['Заневский проспект', 82, 7], ['Выборгское шоссе', 345, 18],
    ],
    rings: [['КАД', 16, 330, 215, 110]],
  },
  {
    name: 'Новосибирск', prefix: 'г. Новосибирск', region: 'Новосибирская область', regionCode: '54', centre: [55.0302, 82.9204], weight: 5,
    arteries: [['Красный проспект', 355, 8], ['Бердское шоссе', 165, 14], ['улица Большевистская', 135, 8], ['Станционная улица', 235, 9], ['Гусинобродское шоссе', 75, 10], ['улица Титова', 250, 7], ['Мочищенское шоссе', 340, 14]],
  },
  {
    name: 'Екатеринбург', prefix: 'г. Екатеринбург', region: 'Свердловская область', regionCode: '66', centre: [56.8389, 60.6057], weight: 5,
    arteries: [['проспект Ленина', 90, 5], ['улица Малышева', 100, 7], ['улица 8 Марта', 185, 9], ['улица Челюскинцев', 300, 4], ['Сибирский тракт', 105, 14], ['Серовский тракт', 15, 12], ['улица Щорса', 170, 6], ['Московская улица', 225, 7]],
    rings: [['ЕКАД', 13, 150, 330, 90]],
  },
  {
    name: 'Казань', prefix: 'г. Казань', region: 'Республика Татарстан', regionCode: '16', centre: [55.7963, 49.1088], weight: 5,
    arteries: [['проспект Победы', 150, 9], ['улица Декабристов', 345, 5], ['проспект Ямашева', 40, 8], ['Оренбургский тракт', 135, 12], ['улица Восстания', 5, 8], ['Сибирский тракт', 80, 10], ['улица Журналистов', 105, 6]],
  },
  {
    name: 'Нижний Новгород', prefix: 'г. Нижний Новгород', region: 'Нижегородская область', regionCode: '52', centre: [56.3269, 44.0059], weight: 4,
    arteries: [['проспект Гагарина', 185, 12], ['Московское шоссе', 285, 9], ['проспект Ленина', 230, 9], ['улица Родионова', 90, 7], ['Сормовское шоссе', 300, 10], ['Казанское шоссе', 110, 12]],
  },
  { name: 'Челябинск', prefix: 'г. Челябинск', region: 'Челябинская область', regionCode: '74', centre: [55.1644, 61.4368], weight: 4, arteries: [['проспект Ленина', 90, 7], ['Комсомольский проспект', 275, 9], ['улица Молодогвардейцев', 330, 8], ['Свердловский проспект', 0, 8], ['Копейское шоссе', 120, 10], ['Троицкий тракт', 180, 14]] },
  { name: 'Красноярск', prefix: 'г. Красноярск', region: 'Красноярский край', regionCode: '24', centre: [56.0153, 92.8932], weight: 4, arteries: [['проспект Мира', 80, 4], ['улица Ленина', 260, 5], ['проспект Свободный', 300, 6], ['улица Взлётная', 340, 7], ['проспект имени газеты «Красноярский рабочий»', 100, 12], ['Енисейский тракт', 315, 12]] },
  { name: 'Самара', prefix: 'г. Самара', region: 'Самарская область', regionCode: '63', centre: [53.1959, 50.1002], weight: 4, arteries: [['Московское шоссе', 45, 18], ['проспект Кирова', 60, 14], ['Ново-Садовая улица', 35, 9], ['Южное шоссе', 95, 12], ['Волжский проспект', 30, 6], ['улица Ново-Вокзальная', 60, 12]] },
  { name: 'Уфа', prefix: 'г. Уфа', region: 'Республика Башкортостан', regionCode: '02', centre: [54.7388, 55.9721], weight: 4, arteries: [['проспект Октября', 20, 14], ['улица Менделеева', 120, 9], ['проспект Салавата Юлаева', 10, 12], ['Уфимское шоссе', 20, 18], ['улица Ленина', 180, 3], ['проспект Дружбы Народов', 330, 6]] },
  { name: 'Ростов-на-Дону', prefix: 'г. Ростов-на-Дону', region: 'Ростовская область', regionCode: '61', centre: [47.2357, 39.7015], weight: 4, arteries: [['Большая Садовая улица', 80, 3], ['проспект Стачки', 255, 9], ['Ворошиловский проспект', 0, 5], ['проспект Шолохова', 45, 10], ['проспект Нагибина', 355, 9], ['улица Малиновского', 300, 9], ['Левобережная улица', 110, 8]] },
  { name: 'Омск', prefix: 'г. Омск', region: 'Омская область', regionCode: '55', centre: [54.9885, 73.3242], weight: 4, arteries: [['проспект Мира', 340, 10], ['улица 70 лет Октября', 60, 8], ['Красный Путь', 15, 8], ['проспект Карла Маркса', 180, 8], ['улица 10 лет Октября', 110, 9], ['проспект Королёва', 250, 8]] },
  { name: 'Краснодар', prefix: 'г. Краснодар', region: 'Краснодарский край', regionCode: '23', centre: [45.0355, 38.9753], weight: 4, arteries: [['Красная улица', 0, 4], ['улица Северная', 90, 5], ['Ростовское шоссе', 20, 10], ['улица Тургенева', 330, 6], ['улица Уральская', 95, 10], ['Новороссийская улица', 110, 12], ['улица Дзержинского', 355, 9]] },
  { name: 'Воронеж', prefix: 'г. Воронеж', region: 'Воронежская область', regionCode: '36', centre: [51.672, 39.1843], weight: 3, arteries: [['Московский проспект', 350, 12], ['Ленинский проспект', 110, 10], ['проспект Революции', 315, 3], ['улица 9 Января', 275, 9], ['Ленинградская улица', 150, 8], ['проспект Патриотов', 220, 9]] },
  { name: 'Пермь', prefix: 'г. Пермь', region: 'Пермский край', regionCode: '59', centre: [58.0105, 56.2502], weight: 3, arteries: [['Комсомольский проспект', 195, 8], ['шоссе Космонавтов', 300, 12], ['улица Ленина', 90, 5], ['улица Героев Хасана', 220, 9], ['улица Революции', 130, 5]] },
  { name: 'Волгоград', prefix: 'г. Волгоград', region: 'Волгоградская область', regionCode: '34', centre: [48.708, 44.5133], weight: 3, arteries: [['проспект имени В. И. Ленина', 10, 20], ['Университетский проспект', 215, 14], ['улица Землячки', 330, 9], ['Вторая Продольная магистраль', 250, 20], ['шоссе Авиаторов', 300, 12]] },
  { name: 'Саратов', prefix: 'г. Саратов', region: 'Саратовская область', regionCode: '64', centre: [51.5331, 46.0342], weight: 2, arteries: fan(8, 5, 180, 360) },
  { name: 'Тюмень', prefix: 'г. Тюмень', region: 'Тюменская область', regionCode: '72', centre: [57.153, 65.5343], weight: 2, arteries: fan(9) },
  { name: 'Тольятти', prefix: 'г. Тольятти', region: 'Самарская область', regionCode: '63', centre: [53.5303, 49.3461], weight: 2, arteries: fan(9, 5, 0, 270) },
  { name: 'Ижевск', prefix: 'г. Ижевск', region: 'Удмуртская Республика', regionCode: '18', centre: [56.8526, 53.2045], weight: 2, arteries: fan(8) },
  { name: 'Барнаул', prefix: 'г. Барнаул', region: 'Алтайский край', regionCode: '22', centre: [53.3548, 83.7698], weight: 2, arteries: fan(9, 5, 180, 360) },
  { name: 'Ульяновск', prefix: 'г. Ульяновск', region: 'Ульяновская область', regionCode: '73', centre: [54.3142, 48.4031], weight: 2, arteries: fan(8, 5, 150, 360) },
  { name: 'Иркутск', prefix: 'г. Иркутск', region: 'Иркутская область', regionCode: '38', centre: [52.287, 104.305], weight: 2, arteries: fan(8) },
  { name: 'Хабаровск', prefix: 'г. Хабаровск', region: 'Хабаровский край', regionCode: '27', centre: [48.4802, 135.0719], weight: 2, arteries: fan(9, 5, 0, 200) },
  { name: 'Ярославль', prefix: 'г. Ярославль', region: 'Ярославская область', regionCode: '76', centre: [57.6261, 39.8845], weight: 2, arteries: fan(8) },
  { name: 'Владивосток', prefix: 'г. Владивосток', region: 'Приморский край', regionCode: '25', centre: [43.1155, 131.8855], weight: 2, arteries: [['Океанский проспект', 10, 8], ['улица Светланская', 95, 4], ['проспект 100-летия Владивостока', 340, 12], ['Народный проспект', 40, 4], ['улица Русская', 20, 9]] },
  { name: 'Махачкала', prefix: 'г. Махачкала', region: 'Республика Дагестан', regionCode: '05', centre: [42.9849, 47.5047], weight: 2, arteries: fan(7, 4, 180, 360) },
  { name: 'Томск', prefix: 'г. Томск', region: 'Томская область', regionCode: '70', centre: [56.4847, 84.9482], weight: 2, arteries: fan(7) },
  { name: 'Оренбург', prefix: 'г. Оренбург', region: 'Оренбургская область', regionCode: '56', centre: [51.7682, 55.097], weight: 2, arteries: fan(8) },
  { name: 'Кемерово', prefix: 'г. Кемерово', region: 'Кемеровская область — Кузбасс', regionCode: '42', centre: [55.3547, 86.0873], weight: 2, arteries: fan(8) },
  { name: 'Новокузнецк', prefix: 'г. Новокузнецк', region: 'Кемеровская область — Кузбасс', regionCode: '42', centre: [53.7557, 87.1099], weight: 1, arteries: fan(8) },
  { name: 'Рязань', prefix: 'г. Рязань', region: 'Рязанская область', regionCode: '62', centre: [54.6269, 39.6916], weight: 2, arteries: fan(8) },
  { name: 'Астрахань', prefix: 'г. Астрахань', region: 'Астраханская область', regionCode: '30', centre: [46.3479, 48.0336], weight: 1, arteries: fan(7) },
  { name: 'Набережные Челны', prefix: 'г. Набережные Челны', region: 'Республика Татарстан', regionCode: '16', centre: [55.7436, 52.3958], weight: 1, arteries: fan(8, 5, 0, 250) },
  { name: 'Пенза', prefix: 'г. Пенза', region: 'Пензенская область', regionCode: '58', centre: [53.1959, 45.0183], weight: 1, arteries: fan(7) },
  { name: 'Киров', prefix: 'г. Киров', region: 'Кировская область', regionCode: '43', centre: [58.6036, 49.668], weight: 1, arteries: fan(7) },
  { name: 'Липецк', prefix: 'г. Липецк', region: 'Липецкая область', regionCode: '48', centre: [52.6088, 39.5992], weight: 1, arteries: fan(7) },
  { name: 'Чебоксары', prefix: 'г. Чебоксары', region: 'Чувашская Республика', regionCode: '21', centre: [56.1463, 47.2511], weight: 1, arteries: fan(7, 5, 90, 300) },
  { name: 'Калининград', prefix: 'г. Калининград', region: 'Калининградская область', regionCode: '39', centre: [54.7104, 20.4522], weight: 1, arteries: fan(8) },
  { name: 'Тула', prefix: 'г. Тула', region: 'Тульская область', regionCode: '71', centre: [54.1931, 37.6173], weight: 1, arteries: fan(8) },
  { name: 'Курск', prefix: 'г. Курск', region: 'Курская область', regionCode: '46', centre: [51.7304, 36.1926], weight: 1, arteries: fan(7) },
  { name: 'Ставрополь', prefix: 'г. Ставрополь', region: 'Ставропольский край', regionCode: '26', centre: [45.0428, 41.9734], weight: 1, arteries: fan(7) },
  { name: 'Сочи', prefix: 'г. Сочи', region: 'Краснодарский край', regionCode: '23', centre: [43.5855, 39.7231], weight: 1, arteries: [['Курортный проспект', 300, 9], ['улица Навагинская', 40, 3], ['Донская улица', 10, 4], ['Пластунская улица', 40, 8], ['Курортный проспект', 125, 12]] },
  { name: 'Тверь', prefix: 'г. Тверь', region: 'Тверская область', regionCode: '69', centre: [56.8587, 35.9176], weight: 1, arteries: fan(7) },
  { name: 'Белгород', prefix: 'г. Белгород', region: 'Белгородская область', regionCode: '31', centre: [50.5954, 36.5873], weight: 1, arteries: fan(7) },
  { name: 'Брянск', prefix: 'г. Брянск', region: 'Брянская область', regionCode: '32', centre: [53.2521, 34.3717], weight: 1, arteries: fan(7) },
  { name: 'Владимир', prefix: 'г. Владимир', region: 'Владимирская область', regionCode: '33', centre: [56.129, 40.4066], weight: 1, arteries: fan(6) },
  { name: 'Смоленск', prefix: 'г. Смоленск', region: 'Смоленская область', regionCode: '67', centre: [54.7826, 32.0453], weight: 1, arteries: fan(6) },
  { name: 'Калуга', prefix: 'г. Калуга', region: 'Калужская область', regionCode: '40', centre: [54.5293, 36.2754], weight: 1, arteries: fan(6) },
  { name: 'Великий Новгород', prefix: 'г. Великий Новгород', region: 'Новгородская область', regionCode: '53', centre: [58.5228, 31.2698], weight: 1, arteries: fan(6) },
  { name: 'Вологда', prefix: 'г. Вологда', region: 'Вологодская область', regionCode: '35', centre: [59.2181, 39.8886], weight: 1, arteries: fan(6) },
  { name: 'Архангельск', prefix: 'г. Архангельск', region: 'Архангельская область', regionCode: '29', centre: [64.5399, 40.5152], weight: 1, arteries: fan(6, 4, 90, 270) },
  { name: 'Мурманск', prefix: 'г. Мурманск', region: 'Мурманская область', regionCode: '51', centre: [68.9585, 33.0827], weight: 1, arteries: fan(5, 3, 0, 200) },
  { name: 'Петрозаводск', prefix: 'г. Петрозаводск', region: 'Республика Карелия', regionCode: '10', centre: [61.7849, 34.3469], weight: 1, arteries: fan(5, 4, 150, 360) },
  { name: 'Орёл', prefix: 'г. Орёл', region: 'Орловская область', regionCode: '57', centre: [52.9651, 36.0785], weight: 1, arteries: fan(6) },
  { name: 'Тамбов', prefix: 'г. Тамбов', region: 'Тамбовская область', regionCode: '68', centre: [52.7212, 41.4523], weight: 1, arteries: fan(6) },
  { name: 'Курган', prefix: 'г. Курган', region: 'Курганская область', regionCode: '45', centre: [55.441, 65.3411], weight: 1, arteries: fan(6) },
  { name: 'Кострома', prefix: 'г. Кострома', region: 'Костромская область', regionCode: '44', centre: [57.7677, 40.9264], weight: 1, arteries: fan(6) },
  { name: 'Якутск', prefix: 'г. Якутск', region: 'Республика Саха (Якутия)', regionCode: '14', centre: [62.0281, 129.7326], weight: 1, arteries: fan(5) },
];

/** A federal highway as the cities it runs through (names from MAP_CITIES), in order. */
export type Highway = { name: string; through: readonly string[] };

/** Federal highways between the cities of the set; the km count starts at the first city. */
export const HIGHWAYS: readonly Highway[] = [
  { name: 'трасса М-11 «Нева»', through: ['Москва', 'Тверь', 'Великий Новгород', 'Санкт-Петербург'] },
  { name: 'трасса М-4 «Дон»', through: ['Москва', 'Тула', 'Липецк', 'Воронеж', 'Ростов-на-Дону', 'Краснодар'] },
  { name: 'трасса М-7 «Волга»', through: ['Москва', 'Владимир', 'Нижний Новгород', 'Чебоксары', 'Казань', 'Набережные Челны', 'Уфа'] },
  { name: 'трасса М-5 «Урал»', through: ['Москва', 'Рязань', 'Пенза', 'Тольятти', 'Самара', 'Уфа', 'Челябинск'] },
  { name: 'трасса М-2 «Крым»', through: ['Москва', 'Тула', 'Орёл', 'Курск', 'Белгород'] },
  { name: 'трасса М-1 «Беларусь»', through: ['Москва', 'Смоленск'] },
  { name: 'трасса М-3 «Украина»', through: ['Москва', 'Калуга', 'Брянск'] },
  { name: 'трасса М-8 «Холмогоры»', through: ['Москва', 'Ярославль', 'Вологда', 'Архангельск'] },
  { name: 'трасса Р-22 «Каспий»', through: ['Москва', 'Тамбов', 'Волгоград', 'Астрахань'] },
  { name: 'трасса Р-21 «Кола»', through: ['Санкт-Петербург', 'Петрозаводск', 'Мурманск'] },
  { name: 'трасса Р-254 «Иртыш»', through: ['Челябинск', 'Курган', 'Омск', 'Новосибирск'] },
  { name: 'трасса Р-255 «Сибирь»', through: ['Новосибирск', 'Кемерово', 'Красноярск', 'Иркутск'] },
  { name: 'трасса Р-351', through: ['Екатеринбург', 'Тюмень'] },
  { name: 'трасса Р-217 «Кавказ»', through: ['Краснодар', 'Ставрополь', 'Махачкала'] },
  { name: 'трасса Р-239', through: ['Казань', 'Оренбург'] },
  { name: 'трасса Р-256 «Чуйский тракт»', through: ['Новосибирск', 'Барнаул'] },
];

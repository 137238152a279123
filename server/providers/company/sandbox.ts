import { withOgrnCheckDigit } from '../../../src/lib/ogrn.ts';
import { seededRandom } from '../fines/prng.ts';
import { REGIONS } from '../fines/regions.ts';
import type { CompanyInfo, CompanyProvider } from './provider.ts';

/** Words company names are made of (a transport company, a shop, a building firm…). */
const NAME_PARTS = {
  first: ['Вектор', 'Магистраль', 'Северный', 'Альфа', 'Гранит', 'Восток', 'Уралтранс', 'Меридиан', 'Стандарт', 'Профи', 'Регион', 'Парус'],
  second: ['Логистик', 'Авто', 'Транс', 'Строй', 'Сервис', 'Групп', 'Трейд', 'Экспресс', 'Карго', 'Технолоджи'],
  forms: ['ООО', 'ООО', 'ООО', 'АО', 'ПАО'],
};
const PEOPLE = ['Иванов Сергей Петрович', 'Смирнова Анна Викторовна', 'Кузнецов Андрей Олегович', 'Попова Елена Игоревна', 'Васильев Дмитрий Николаевич', 'Морозова Ольга Сергеевна'];

/**
 * The sandbox register: nine in ten valid ИНН belong to a company (deterministic per ИНН), with a name,
 * КПП, ОГРН (valid check digit) and an address in the region the ИНН's first digits name.
 */
export function createSandboxCompanies(): CompanyProvider {
  return {
    async find(inn) {
      const random = seededRandom(`company-sandbox/v1/${inn}`);
      if (random.next() < 0.1) return undefined;
      const region = REGIONS.find((r) => r.code === inn.slice(0, 2)) ?? random.pick(REGIONS);
      const year = random.int(2, 25);
      const street = random.pick(region.streets);
      const address = `${region.city}, ${street}${street.includes(' км') ? '' : `, д. ${random.int(1, 120)}`}, офис ${random.int(1, 400)}`;
      if (inn.length === 12) {
        const person = random.pick(PEOPLE);
        const info: CompanyInfo = {
          inn,
          name: `ИП ${person}`,
          kpp: null,
          ogrn: withOgrnCheckDigit(`3${String(year).padStart(2, '0')}${region.code}${random.digits(9)}`),
          address,
          type: 'individual',
        };
        return info;
      }
      const form = random.pick(NAME_PARTS.forms);
      return {
        inn,
        name: `${form} «${random.pick(NAME_PARTS.first)} ${random.pick(NAME_PARTS.second)}»`,
        kpp: `${inn.slice(0, 4)}01001`,
        ogrn: withOgrnCheckDigit(`1${String(year).padStart(2, '0')}${region.code}${random.digits(7)}`),
        address,
        type: 'legal',
      };
    },
  };
}

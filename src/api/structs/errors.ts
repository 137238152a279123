import type { StructError } from 'superstruct';

/** Russian names of request fields, used in messages about them. */
export const FIELD_LABELS: Record<string, string> = {
  clientId: 'clientId',
  channel: 'Канал',
  sts: 'СТС',
  plate: 'Госномер',
  vehiclePlateNumber: 'Госномер',
  vehiclePlateRegion: 'Регион',
  vehicleModel: 'Модель',
  stsList: 'Список СТС',
  driverLicense: 'Водительское удостоверение',
  issue_date: 'Дата выдачи',
  first_issue_date: 'Дата первой выдачи',
  surname: 'Фамилия',
  name: 'Имя',
  patronymic: 'Отчество',
  inn: 'ИНН',
  innName: 'Название',
  uin: 'УИН',
  id: 'id',
  fine: 'fine',
  fineId: 'fineId',
  hash: 'hash',
  ordinanceIds: 'ordinanceIds',
  car: 'Госномер или VIN',
  email: 'E-mail',
  isLegalEntity: 'Я представляю организацию',
  _username: 'E-mail',
  _password: 'Пароль',
  _token: 'Ссылка для входа',
  token: 'Ссылка',
  newPassword: 'Новый пароль',
  oldPass: 'Текущий пароль',
  newPass: 'Новый пароль',
  confirmPass: 'Повторите пароль',
  type: 'Тип',
  all: 'all',
  doNotify: 'Уведомлять о новых штрафах',
  web: 'web',
  model: 'Модель',
  fullName: 'ФИО водителя',
  organization: 'Организация',
  vehicle: 'Автомобиль',
  from: 'Начало периода',
  to: 'Конец периода',
  paid: 'Оплачен',
  discount: 'Скидка',
  page: 'Страница',
  showBy: 'Размер страницы',
  countDays: 'Дней подписки',
  subscribeType: 'Тип подписки',
  months: 'Месяцев',
  vehicles: 'Автомобилей',
  q: 'Поиск',
  fineIds: 'Штрафы',
  fio: 'ФИО плательщика',
  paymentSystem: 'Платёжная система',
  total: 'Сумма к оплате',
  paymentId: 'Платёж',
  description: 'Комментарий',
  content: 'Сообщение',
  user_platform: 'Платформа',
  user_app_version: 'Версия приложения',
  phone: 'Телефон',
  tag: 'Источник заявки',
  budget: 'Бюджет',
  utms: 'Метки визита',
  countAuto: 'Автомобилей в автопарке',
  monthsCount: 'Месяцев подписки',
  user_id: 'user_id',
  scope: 'Права ключа',
  url: 'Адрес вебхука',
  events: 'События',
  vehicleId: 'Автомобиль',
  driverId: 'Водитель',
  driver: 'Водитель',
  startsAt: 'Выезд',
  endsAt: 'Возвращение',
  notifyDrivers: 'Сообщать водителям о новых штрафах',
  bearer: 'Кто платит',
  month: 'Месяц',
  pay: 'Выплата',
  account: 'Расчётный счёт',
  bik: 'БИК',
  bankName: 'Банк',
  correspondentAccount: 'Корреспондентский счёт',
  format: 'Формат',
  code: 'Код из SMS',
  purpose: 'Назначение кода',
};

/** One Russian sentence for a request that failed its struct: the domain validator's message, or "field required/invalid". */
export function describeFailure(error: StructError): string {
  const failure = error.failures()[0] ?? error;
  const key = failure.path.find((part): part is string => typeof part === 'string') ?? String(failure.key ?? '');
  const label = FIELD_LABELS[key] ?? key;
  if (label === '') return 'Некорректные данные запроса';
  const position = failure.path.find((part): part is number => typeof part === 'number');
  const where = position === undefined ? '' : ` (запись ${position + 1})`;
  if (failure.value === undefined || failure.value === '') return `Поле «${label}» обязательно для заполнения${where}`;
  if (failure.type === 'never') return `Лишнее поле «${label}»`;
  // A refinement that carries a domain validator's message: it already names the field, in Russian.
  if (failure.refinement !== undefined && !failure.message.startsWith('Expected')) {
    // A generic length rule («Поле должно содержать…», shared with the site's forms) gets the field's name.
    const message = /^Поле (?!«)/.test(failure.message) ? `Поле «${label}» ${failure.message.slice('Поле '.length)}` : failure.message;
    return `${message}${where}`;
  }
  return `Поле «${label}» заполнено неверно${where}`;
}

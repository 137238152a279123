import { literal, nullable, object, optional, string } from 'superstruct';
import * as account from '../../src/api/structs/account.ts';
import * as links from '../../src/api/structs/identityLinks.ts';
import { AnalyticsQuery, AnalyticsReply } from '../../src/api/structs/admin.ts';
import { CarQuery } from '../../src/api/structs/carId.ts';
import * as dl from '../../src/api/structs/driverLicense.ts';
import { ExperimentsQuery, FlagsReply } from '../../src/api/structs/experiments.ts';
import * as fine from '../../src/api/structs/fine.ts';
import { ClientReply, NewUserInput, NewUserReply } from '../../src/api/structs/identity.ts';
import * as inn from '../../src/api/structs/inn.ts';
import { MailSendInput, MailSentReply } from '../../src/api/structs/mailRelay.ts';
import * as notifications from '../../src/api/structs/notifications.ts';
import * as ordinance from '../../src/api/structs/ordinance.ts';
import * as org from '../../src/api/structs/organization.ts';
import * as drivers from '../../src/api/structs/fleetDrivers.ts';
import * as payment from '../../src/api/structs/payment.ts';
import * as sbp from '../../src/api/structs/sbp.ts';
import * as lead from '../../src/api/structs/lead.ts';
import * as map from '../../src/api/structs/map.ts';
import * as invoice from '../../src/api/structs/invoice.ts';
import * as analytics from '../../src/api/structs/fleetAnalytics.ts';
import * as orders from '../../src/api/structs/paymentOrders.ts';
import { GeocoderReply } from '../providers/geocoder/reply.ts';
import { PhotoReply } from '../../src/api/structs/photo.ts';
import { EraseByCodeInput, EraseInput, EraseRequested, Erased, ErasureWayReply, PersonalDataExport } from '../../src/api/structs/privacy.ts';
import * as sts from '../../src/api/structs/sts.ts';
import { SupportTicketInput, SupportTicketReply } from '../../src/api/structs/support.ts';
import { TaxListReply } from '../../src/api/structs/tax.ts';
import * as tracking from '../../src/api/structs/tracking.ts';
import * as autopay from '../../src/api/structs/autopay.ts';
import * as fleetAutopay from '../../src/api/structs/fleetAutopay.ts';
import type { AuthUse, RouteDoc } from './routeDoc.ts';
import { INTEGRATION_ROUTE_DOCS } from '../integrations/openapiDocs.ts';
import * as phone from '../../src/api/structs/phone.ts';
import * as oauth from '../../src/api/structs/oauth.ts';
import { SignInWaysReply } from '../../src/api/structs/signInWays.ts';

/** The shape of a documented call (kept in routeDoc.ts, so that capability folders can describe their calls without importing this list). */
export type { AuthUse, RouteDoc } from './routeDoc.ts';

// Structs a route declares inline are named here once, so the document shows them too.
const CompanyQuery = object({ inn: optional(string()) });
const OrganizationSearchQuery = object({ q: optional(string()), channel: optional(string()) });
const PreloadQuery = object({ web: optional(literal('1')) });

const r = (method: RouteDoc['method'], path: string, tag: string, summary: string, auth: AuthUse, rest: Omit<RouteDoc, 'method' | 'path' | 'tag' | 'summary' | 'auth'> = {}): RouteDoc => ({ method, path, tag, summary, auth, ...rest });
const A = '/105/api';

/** Every call the API answers (a test fails when a route is missing here or listed without a route). */
export const ROUTE_DOCS: readonly RouteDoc[] = [
  r('get', `${A}/health`, 'Служебное', 'Состояние сервиса и базы данных', 'none', { errors: [503] }),
  r('get', `${A}/openapi.json`, 'Служебное', 'Этот документ (OpenAPI 3.1)', 'none', { bare: true }),
  r('get', `${A}/client`, 'Посетитель', 'Новый clientId', 'none', { reply: ClientReply, errors: [429] }),
  r('post', `${A}/newuser`, 'Посетитель', 'Анонимный пользователь (и первое СТС)', 'none', { body: NewUserInput, reply: NewUserReply, errors: [400, 422, 429] }),
  r('post', `${A}/user/register`, 'Аккаунт', 'Регистрация по e-mail', 'required', { body: account.RegisterInput, reply: account.RegisterReply, errors: [401, 409, 422, 429] }),
  r('post', `${A}/login`, 'Аккаунт', 'Вход по паролю или ссылке из письма', 'optional', { body: account.LoginInput, reply: account.LoginReply, errors: [400, 401, 410, 422, 429] }),
  r('post', `${A}/phone/code`, 'Аккаунт', 'Код по SMS для входа по номеру или привязки номера (purpose=link)', 'optional', { body: phone.PhoneCodeRequest, reply: phone.PhoneCodeSent, errors: [401, 403, 409, 422, 429, 503] }),
  r('post', `${A}/phone/login`, 'Аккаунт', 'Вход или регистрация по номеру телефона и коду из SMS', 'optional', { body: phone.PhoneLoginInput, reply: phone.PhoneLoginReply, errors: [400, 410, 422, 429] }),
  r('post', `${A}/phone/link`, 'Аккаунт', 'Привязать номер к аккаунту по коду из SMS', 'required', { body: phone.PhoneCodeCheck, reply: phone.PhoneReply, errors: [401, 403, 409, 410, 422, 429] }),
  r('get', `${A}/user/phone`, 'Аккаунт', 'Номер телефона аккаунта', 'required', { reply: phone.PhoneReply, errors: [401] }),
  r('delete', `${A}/user/phone`, 'Аккаунт', 'Отвязать номер (если остаётся другой способ входа)', 'required', { reply: phone.PhoneRemoved, errors: [401, 409] }),
  r('post', `${A}/oauth/{provider}/start`, 'Аккаунт', 'Начать вход или привязку через Яндекс ID или VK ID (provider: yandex, vk)', 'required', { body: oauth.OAuthStartInput, reply: oauth.OAuthStarted, errors: [401, 403, 404, 422, 429] }),
  r('post', `${A}/oauth/{provider}/finish`, 'Аккаунт', 'Завершить вход через провайдера: code и state из адреса возврата', 'required', { body: oauth.OAuthFinishInput, reply: oauth.OAuthFinished, errors: [400, 401, 403, 404, 409, 502] }),
  r('get', `${A}/auth/ways`, 'Аккаунт', 'Способы входа, кроме e-mail, которые работают на этом сервере: телефон по SMS, Яндекс ID, VK ID', 'none', { reply: SignInWaysReply, errors: [] }),
  r('get', `${A}/user/identities`, 'Аккаунт', 'Привязанные Яндекс ID и VK ID', 'required', { reply: oauth.IdentitiesReply, errors: [401] }),
  r('delete', `${A}/user/identities/{provider}`, 'Аккаунт', 'Отвязать провайдера (если остаётся другой способ входа)', 'required', { reply: oauth.IdentityRemoved, errors: [401, 404, 409] }),
  r('post', `${A}/logout`, 'Аккаунт', 'Выход (all=1 — везде)', 'required', { body: account.LogoutInput, reply: account.LogoutReply, errors: [400, 401] }),
  r('get', `${A}/fos/exists`, 'Аккаунт', 'Есть ли аккаунт с этим e-mail', 'none', { query: account.EmailQuery, reply: account.ExistsReply, errors: [422, 429] }),
  r('post', `${A}/fos/send/auth`, 'Аккаунт', 'Ссылка для входа или сброса пароля', 'none', { body: account.SendAuthInput, reply: account.SentReply, errors: [422, 429] }),
  r('post', `${A}/password/reset`, 'Аккаунт', 'Новый пароль по ссылке', 'none', { body: account.PasswordResetInput, reply: account.LoginReply, errors: [400, 410, 422, 429] }),
  r('post', `${A}/user/merge`, 'Аккаунт', 'Перенос данных устройства в аккаунт после входа по ссылке', 'required', { body: links.MergeInput, reply: links.MergeReply, errors: [400, 401, 404] }),
  r('post', `${A}/handoff`, 'Аккаунт', 'Одноразовый код для страницы, которую открывает приложение или партнёр (?handoff=)', 'required', { body: links.HandoffInput, reply: links.HandoffReply, errors: [400, 401, 429] }),
  r('post', `${A}/handoff/exchange`, 'Аккаунт', 'Обмен одноразового кода на сессию страницы', 'none', { body: links.HandoffExchangeInput, reply: links.HandoffExchangeReply, errors: [400, 410, 429] }),
  r('post', `${A}/password/change`, 'Аккаунт', 'Смена пароля', 'required', { body: account.PasswordChangeInput, reply: account.PasswordChangedReply, errors: [401, 403, 422, 429] }),
  r('get', `${A}/user`, 'Аккаунт', 'Пользователь', 'required', { reply: account.AccountReply, errors: [401] }),
  r('get', `${A}/email`, 'Аккаунт', 'E-mail и уведомления', 'required', { reply: account.EmailReply, errors: [401] }),
  r('post', `${A}/email`, 'Аккаунт', 'Сменить e-mail', 'required', { body: account.EmailInput, reply: account.EmailReply, errors: [401, 403, 409, 422, 429] }),
  r('post', `${A}/email/edit`, 'Аккаунт', 'Сменить e-mail (как POST /email)', 'required', { body: account.EmailInput, reply: account.EmailReply, errors: [401, 403, 409, 422, 429] }),
  r('post', `${A}/email/notify`, 'Аккаунт', 'Уведомления о новых штрафах', 'required', { body: account.NotifyInput, reply: account.EmailReply, errors: [401, 403, 422] }),
  r('get', `${A}/preload`, 'Аккаунт', 'Подготовка списка налогов', 'required', { query: PreloadQuery, reply: account.PreloadReply, errors: [400, 401] }),
  r('post', `${A}/email/unsubscribe`, 'Уведомления', 'Отписка по ссылке из письма', 'none', { body: notifications.NotifyTokenInput, reply: notifications.NotifyChoiceReply, errors: [400, 404, 410] }),
  r('post', `${A}/email/subscribe`, 'Уведомления', 'Вернуть подписку', 'none', { body: notifications.NotifyTokenInput, reply: notifications.NotifyChoiceReply, errors: [400, 404, 410] }),
  r('get', `${A}/push/key`, 'Уведомления', 'Ключ VAPID', 'none', { reply: notifications.PushKeyReply, errors: [404] }),
  r('post', `${A}/push/subscribe`, 'Уведомления', 'Подписать браузер на push', 'required', { body: notifications.PushSubscribeInput, reply: notifications.PushSubscribedReply, errors: [401, 403, 422] }),
  r('post', `${A}/push/unsubscribe`, 'Уведомления', 'Отписать браузер', 'required', { body: notifications.PushUnsubscribeInput, reply: notifications.PushUnsubscribedReply, errors: [401, 422] }),
  r('get', `${A}/organization/fines`, 'Автопарк', 'Штрафы всех автопарков', 'required', { query: org.FleetFinesQuery, reply: org.FleetFinesReply, errors: [400, 401, 404] }),
  r('get', `${A}/organization/fines/export`, 'Автопарк', 'Штрафы автопарков файлом XLSX или CSV (фильтры — как у списка; ответ — файл)', 'required', { query: org.FleetExportQuery, bare: true, errors: [400, 401, 404] }),
  r('get', `${A}/organization/{id}/fines`, 'Автопарк', 'Штрафы автопарка организации', 'required', { query: org.FleetFinesQuery, reply: org.FleetFinesReply, errors: [400, 401, 404] }),
  r('get', `${A}/organization/{id}/vehicles`, 'Автопарк', 'Автомобили', 'required', { reply: org.FleetVehiclesReply, errors: [401, 404] }),
  r('post', `${A}/organization/{id}/vehicles`, 'Автопарк', 'Добавить автомобиль', 'required', { body: org.FleetVehicleInput, reply: org.FleetVehicleAdded, errors: [401, 404, 422] }),
  r('delete', `${A}/organization/{id}/vehicles/{vehicleId}`, 'Автопарк', 'Удалить автомобиль', 'required', { reply: sts.DeletedReply, errors: [401, 404] }),
  r('post', `${A}/organization/{id}/vehicles/import`, 'Автопарк', 'Импорт XLSX/CSV (preview=1 — только проверить)', 'required', { bodyAs: 'multipart', reply: org.ImportReply, errors: [400, 401, 404, 413, 422, 429] }),
  r('get', `${A}/organization/{id}/drivers`, 'Автопарк', 'Водители', 'required', { reply: org.FleetDriversReply, errors: [401, 404] }),
  r('post', `${A}/organization/{id}/drivers`, 'Автопарк', 'Добавить водителя', 'required', { body: org.FleetDriverInput, reply: org.FleetDriverAdded, errors: [401, 404, 422] }),
  r('delete', `${A}/organization/{id}/drivers/{driverId}`, 'Автопарк', 'Удалить водителя', 'required', { reply: sts.DeletedReply, errors: [401, 404] }),
  r('get', `${A}/organization/{id}/drivers/board`, 'Водители и путевые листы', 'Водители с e-mail, последние путевые листы, письма водителям, штрафы без водителя', 'required', { reply: drivers.DriversBoard, errors: [401, 404] }),
  r('post', `${A}/organization/{id}/drivers/{driverId}`, 'Водители и путевые листы', 'E-mail и ФИО водителя', 'required', { body: drivers.FleetDriverUpdate, reply: drivers.FleetDriverUpdated, errors: [400, 401, 404, 422] }),
  r('post', `${A}/organization/{id}/driver-settings`, 'Водители и путевые листы', 'Сообщать ли водителям о новых штрафах', 'required', { body: drivers.DriverSettingsInput, reply: drivers.DriverSettingsReply, errors: [401, 404, 422] }),
  r('post', `${A}/organization/{id}/assignments`, 'Водители и путевые листы', 'Путевой лист: водитель, автомобиль, с…по (время региона автомобиля)', 'required', { body: drivers.FleetAssignmentInput, reply: drivers.FleetAssignmentAdded, errors: [401, 404, 409, 422] }),
  r('delete', `${A}/organization/{id}/assignments/{assignmentId}`, 'Водители и путевые листы', 'Удалить путевой лист', 'required', { reply: sts.DeletedReply, errors: [401, 404] }),
  r('post', `${A}/organization/{id}/waybills/import`, 'Водители и путевые листы', 'Импорт реестра путевых листов XLSX/CSV (preview=1 — только проверить)', 'required', { bodyAs: 'multipart', reply: drivers.WaybillImportReply, errors: [400, 401, 404, 409, 413, 422, 429] }),
  r('post', `${A}/organization/{id}/fines/{fineId}/bearer`, 'Водители и путевые листы', 'Кто несёт штраф: компания или водитель', 'required', { body: drivers.FineBearerInput, reply: drivers.FineBearerReply, errors: [401, 404, 422] }),
  r('get', `${A}/organization/{id}/drivers/{driverId}/statement`, 'Водители и путевые листы', 'Ведомость водителя за месяц XLSX или PDF (pay — ближайшая выплата после НДФЛ, копейки; ответ — файл)', 'required', { query: drivers.DriverStatementQuery, bare: true, errors: [400, 401, 404] }),
  r('get', `${A}/company`, 'Организации', 'Компания по ИНН из реестра (только аккаунтам с e-mail; COMPANY_LOOKUP_LIMIT в час)', 'required', { query: CompanyQuery, reply: org.CompanyReply, errors: [400, 401, 403, 404, 429, 502] }),
  r('get', `${A}/organization`, 'Организации', 'Организации аккаунта', 'required', { reply: org.OrganizationListReply, errors: [401] }),
  r('get', `${A}/organization/search`, 'Организации', 'Поиск по названию или ИНН', 'required', { query: OrganizationSearchQuery, reply: org.OrganizationListReply, errors: [400, 401] }),
  r('get', `${A}/organization/subscription-end`, 'Организации', 'Закончилась ли подписка', 'required', { reply: org.SubscriptionEndReply, errors: [401] }),
  r('post', `${A}/organization`, 'Организации', 'Добавить организацию', 'required', { body: org.OrganizationInput, reply: org.OrganizationReply, errors: [400, 401, 403, 409, 422, 429, 502] }),
  r('post', `${A}/organization/{id}`, 'Организации', 'Изменить организацию', 'required', { body: org.OrganizationUpdateInput, reply: org.OrganizationReply, errors: [400, 401, 404, 409, 422, 429, 502] }),
  r('delete', `${A}/organization/{id}`, 'Организации', 'Удалить организацию', 'required', { reply: sts.DeletedReply, errors: [401, 404] }),
  r('post', `${A}/user/type`, 'Организации', 'Тип пользователя (3 — юрлицо)', 'required', { body: org.UserTypeInput, reply: account.AccountReply, errors: [401, 403, 422] }),
  r('get', `${A}/sts`, 'Документы', 'СТС', 'required', { reply: sts.StsListReply, errors: [401] }),
  r('post', `${A}/sts`, 'Документы', 'Добавить СТС', 'required', { body: sts.StsInput, reply: sts.StsAddReply, errors: [401, 409, 422] }),
  r('post', `${A}/sts/import`, 'Документы', 'Добавить список СТС', 'required', { body: sts.StsImportInput, reply: sts.StsImportReply, errors: [401, 422] }),
  r('put', `${A}/sts/{id}`, 'Документы', 'Изменить СТС', 'required', { body: sts.StsInput, reply: sts.StsEditReply, errors: [400, 401, 404, 409, 422] }),
  r('delete', `${A}/sts`, 'Документы', 'Удалить СТС (id)', 'required', { query: sts.StsDeleteInput, reply: sts.DeletedReply, errors: [400, 401, 404] }),
  r('get', `${A}/driverLicense`, 'Документы', 'Водительские удостоверения', 'required', { reply: dl.DriverLicenseListReply, errors: [401] }),
  r('post', `${A}/driverLicense`, 'Документы', 'Добавить удостоверение', 'required', { body: dl.DriverLicenseInput, reply: dl.DriverLicenseAddReply, errors: [401, 409, 422] }),
  r('put', `${A}/dl/{id}`, 'Документы', 'Изменить удостоверение', 'required', { body: dl.DriverLicenseInput, reply: dl.DriverLicenseEditReply, errors: [400, 401, 404, 409, 422] }),
  r('delete', `${A}/driverLicense`, 'Документы', 'Удалить удостоверение (driverLicense)', 'required', { query: dl.DriverLicenseDeleteInput, reply: sts.DeletedReply, errors: [400, 401, 404] }),
  r('get', `${A}/inn`, 'Документы', 'ИНН', 'required', { reply: inn.InnListReply, errors: [401] }),
  r('post', `${A}/inn`, 'Документы', 'Добавить ИНН', 'required', { body: inn.InnInput, reply: inn.InnAddReply, errors: [401, 409, 422] }),
  r('put', `${A}/inn/{id}`, 'Документы', 'Изменить ИНН', 'required', { body: inn.InnInput, reply: inn.InnEditReply, errors: [400, 401, 404, 409, 422] }),
  r('delete', `${A}/inn/{id}`, 'Документы', 'Удалить ИНН', 'required', { reply: sts.DeletedReply, errors: [400, 401, 404] }),
  r('get', `${A}/fine/uinInfo`, 'Штрафы', 'Штраф по УИН (без входа)', 'optional', { query: fine.UinQuery, reply: fine.FineListReply, errors: [422, 429] }),
  r('get', `${A}/tax/uinInfo`, 'Штрафы', 'Налог по УИН', 'none', { query: fine.UinQuery, reply: TaxListReply, errors: [422, 429] }),
  r('get', `${A}/fine/info/{hash}`, 'Штрафы', 'Штраф по ссылке-хешу', 'none', { reply: fine.FineReply, errors: [400, 404] }),
  r('get', `${A}/fineList/by/ids`, 'Штрафы', 'Штрафы по списку id', 'required', { query: fine.FineIdsQuery, reply: fine.FineListReply, errors: [400, 401] }),
  r('get', `${A}/fineList/by/sts/{id}`, 'Штрафы', 'Штрафы по СТС', 'required', { reply: fine.FineListReply, errors: [400, 401, 404] }),
  r('get', `${A}/fineList/by/dl/{id}`, 'Штрафы', 'Штрафы по удостоверению', 'required', { reply: fine.FineListReply, errors: [400, 401, 404] }),
  r('get', `${A}/fineList/by/inn/{id}`, 'Штрафы', 'Начисления по ИНН', 'required', { reply: fine.FineListReply, errors: [400, 401, 404] }),
  r('get', `${A}/fineList/by/car/{car}`, 'Штрафы', 'Штрафы по госномеру или VIN', 'required', { query: CarQuery, reply: fine.FineListReply, errors: [401, 422, 429] }),
  r('get', `${A}/fine`, 'Штрафы', 'Один штраф', 'required', { query: fine.FineQuery, reply: fine.FineReply, errors: [400, 401, 404] }),
  r('get', `${A}/order`, 'Штрафы', 'Оплаченный штраф (заказ)', 'required', { query: fine.OrderQuery, reply: fine.OrderReply, errors: [400, 401, 404] }),
  r('get', `${A}/photo`, 'Штрафы', 'Фото нарушения (status wait — повторить позже)', 'optional', { query: fine.PhotoQuery, reply: PhotoReply, errors: [400, 404] }),
  r('get', `${A}/photo/image/{file}`, 'Штрафы', 'Файл фото (JPEG)', 'none', { errors: [404] }),
  r('post', `${A}/csp-report`, 'Служебное', 'Отчёт браузера о нарушении CSP', 'none', { bodyAs: 'report', errors: [400, 413, 415, 429] }),
  r('post', `${A}/tracking`, 'Аналитика', 'Событие (spec §3 Tracking event)', 'required', { body: tracking.TrackingEventInput, reply: tracking.TrackingReply, errors: [400, 401, 422, 429] }),
  r('post', `${A}/tracking/loadedScreen`, 'Аналитика', 'Показ экрана', 'optional', { body: tracking.ScreenEventInput, reply: tracking.TrackingReply, errors: [400, 401, 422, 429] }),
  r('post', `${A}/tracking/submittedForm`, 'Аналитика', 'Отправка формы или нажатие кнопки', 'optional', { body: tracking.FormEventInput, reply: tracking.TrackingReply, errors: [400, 401, 422, 429] }),
  r('post', `${A}/tracking/batch`, 'Аналитика', 'Пачка событий страницы (sendBeacon, JSON как text/plain)', 'required', { body: tracking.TrackingBatchInput, bodyAs: 'json', reply: tracking.TrackingReply, errors: [400, 401, 422, 429] }),
  r('get', `${A}/admin/invoices`, 'Команда', 'Счета организаций, неоплаченные первыми (только ADMIN_EMAILS)', 'required', { query: orders.AdminInvoicesQuery, reply: orders.AdminInvoicesReply, errors: [400, 401, 404] }),
  r('post', `${A}/admin/invoices/{id}/paid`, 'Команда', 'Отметить счёт оплаченным: подписка продлевается на оплаченные месяцы (только ADMIN_EMAILS)', 'required', { reply: orders.InvoicePaidReply, errors: [401, 404] }),
  r('post', `${A}/admin/bank-statement`, 'Команда', 'Выписка банка 1CClientBankExchange: счета оплачиваются по номеру и сумме; отчёт по каждому документу (только ADMIN_EMAILS)', 'required', { bodyAs: 'multipart', reply: orders.StatementImportReply, errors: [400, 401, 404, 413, 422] }),
  r('get', `${A}/organization/{id}/bank-account`, 'Автопарк', 'Расчётный счёт организации для платёжных поручений', 'required', { reply: orders.BankAccountReply, errors: [401, 404] }),
  r('post', `${A}/organization/{id}/bank-account`, 'Автопарк', 'Сохранить расчётный счёт и банк организации', 'required', { body: orders.BankAccount, reply: orders.BankAccountReply, errors: [401, 404, 422] }),
  r('get', `${A}/organization/{id}/payment-orders/fines`, 'Автопарк', 'Неоплаченные штрафы для платёжек и дата выгрузки каждого', 'required', { query: orders.PaymentOrderFinesQuery, reply: orders.PaymentOrderFinesReply, errors: [400, 401, 404] }),
  r('post', `${A}/organization/{id}/payment-orders`, 'Автопарк', 'Платёжные поручения по штрафам: файл 1CClientBankExchange (Windows-1251) или XLSX (ответ — файл; нужна оплаченная подписка)', 'required', { body: orders.PaymentOrdersInput, bare: true, errors: [400, 401, 403, 404, 422] }),
  r('get', `${A}/admin/analytics`, 'Команда', 'Аналитика по дням (только ADMIN_EMAILS)', 'required', { query: AnalyticsQuery, reply: AnalyticsReply, errors: [400, 401, 404] }),
  r('post', `${A}/support/create`, 'Поддержка', 'Обращение в поддержку (форма)', 'optional', { body: SupportTicketInput, reply: SupportTicketReply, errors: [400, 422, 429] }),
  r('post', `${A}/support/ticket`, 'Поддержка', 'Обращение в поддержку (JSON)', 'optional', { body: SupportTicketInput, bodyAs: 'json', reply: SupportTicketReply, errors: [400, 415, 422, 429] }),
  r('post', `${A}/mail/send`, 'Поддержка', 'Письмо по нашему шаблону себе или команде', 'required', { body: MailSendInput, reply: MailSentReply, errors: [400, 401, 403, 422, 429, 502] }),
  r('get', `${A}/account/export`, 'Персональные данные', 'Все данные о пользователе (JSON)', 'required', { reply: PersonalDataExport, errors: [401] }),
  r('post', `${A}/account/erase/request`, 'Персональные данные', 'Письмо для подтверждения удаления', 'required', { reply: EraseRequested, errors: [401, 403, 429] }),
  r('post', `${A}/account/erase`, 'Персональные данные', 'Удалить аккаунт по ссылке из письма', 'none', { body: EraseInput, reply: Erased, errors: [400, 410] }),
  r('get', `${A}/account/erase/way`, 'Персональные данные', 'Как аккаунт подтверждает удаление: письмом, кодом по SMS или входом через привязанного провайдера', 'required', { reply: ErasureWayReply, errors: [401] }),
  r('post', `${A}/account/erase/code`, 'Персональные данные', 'Код по SMS на телефон аккаунта для подтверждения удаления (аккаунт без подтверждённого e-mail)', 'required', { reply: phone.PhoneCodeSent, errors: [401, 403, 429, 503] }),
  r('post', `${A}/account/erase/by-code`, 'Персональные данные', 'Удалить аккаунт по коду из SMS', 'required', { body: EraseByCodeInput, reply: Erased, errors: [401, 403, 410, 422, 429] }),
  r('post', `${A}/account/erase/by-provider`, 'Персональные данные', 'Удалить аккаунт после входа через привязанный Яндекс ID или VK ID в последние 5 минут (purpose=erase)', 'required', { reply: Erased, errors: [401, 403] }),
  r('get', `${A}/payment/info`, 'Оплата', 'Штрафы (type=fines: fineId или fineIds) или налог (type=taxes: uin) к оплате по сегодняшним суммам, комиссия и итог (копейки)', 'required', { query: payment.PaymentInfoQuery, reply: payment.PaymentQuoteReply, errors: [400, 401, 404, 409] }),
  r('get', `${A}/payee/info/{ids}/{type}`, 'Оплата', 'Реквизиты получателя по каждому штрафу (type=fines, ids — номера штрафов) или налогу (type=taxes, ids — УИН через запятую)', 'required', { errors: [400, 401, 404] }),
  r('post', `${A}/payment`, 'Оплата', 'Оплата одного штрафа (fineId) или налога (type=tax, uin): адрес платёжной страницы', 'required', { body: payment.PaymentInput, reply: payment.PaymentCreatedReply, errors: [400, 401, 404, 409, 422] }),
  r('post', `${A}/multipayment`, 'Оплата', 'Оплата нескольких штрафов одним платежом', 'required', { body: payment.MultiPaymentInput, reply: payment.PaymentCreatedReply, errors: [400, 401, 404, 409, 422] }),
  r('get', `${A}/payment/unfinished`, 'Оплата', 'Незавершённые платежи пользователя (продолжить или отменить) и правило комиссии', 'required', { reply: payment.UnfinishedPaymentsReply, errors: [401] }),
  r('get', `${A}/payment/{paymentId}`, 'Оплата', 'Состояние платежа', 'required', { reply: payment.PaymentStateReply, errors: [401, 404] }),
  r('post', `${A}/payment/cancel`, 'Оплата', 'Отмена незавершённого платежа', 'required', { body: payment.PaymentCancelInput, reply: payment.PaymentCancelledReply, errors: [400, 401, 404, 409] }),
  r('get', `${A}/payment/{paymentId}/sbp`, 'Оплата', 'Ссылка СБП платежа (qr.nspk.ru) для QR-кода и приложений банков, состояние и оставшееся время', 'required', { reply: sbp.SbpLinkReply, errors: [401, 404] }),
  r('get', `${A}/fine/{fineId}/path`, 'Оплата', 'Путь оплаченного штрафа: оплачено → передано в ГИС ГМП (номер) → учтено в ГИС ГМП; что делать, если ГИС ГМП не учла оплату за 5 рабочих дней; null для штрафа, не оплаченного через сервис', 'required', { reply: nullable(sbp.PaymentPathReply), errors: [401, 404] }),
  r('get', `${A}/payment/receipt/{hash}`, 'Оплата', 'Квитанция по ссылке', 'none', { reply: payment.ReceiptReply, errors: [404] }),
  r('patch', `${A}/order/{paymentId}`, 'Оплата', 'Заявка на кешбэк (только плательщик, один раз, 30 дней)', 'required', { body: payment.CashbackInput, reply: payment.CashbackReply, errors: [401, 404, 409, 422] }),
  r('get', `${A}/payment/moneta/notify`, 'Оплата', 'Pay URL moneta: уведомление об оплате (ответ — подписанный XML)', 'none', { bare: true, errors: [429] }),
  r('post', `${A}/payment/moneta/notify`, 'Оплата', 'Pay URL moneta: уведомление об оплате (ответ — подписанный XML)', 'none', { bare: true, errors: [429] }),
  r('get', `${A}/organization/fines/analytics`, 'Организации', 'Штрафы автопарка по месяцам, статьям, автомобилям и водителям; экономия на скидках', 'required', { query: analytics.FleetAnalyticsQuery, reply: analytics.FleetAnalyticsReply, errors: [400, 401, 404] }),
  r('post', `${A}/organization/{id}/invoice`, 'Организации', 'Счёт на оплату подписки: автомобили × месяцы × тариф; ссылка на счёт', 'required', { body: invoice.InvoiceInput, reply: invoice.InvoiceCreatedReply, errors: [400, 401, 404] }),
  r('get', `${A}/tariff`, 'Организации', 'Цена подписки за автомобиль в месяц (копейки): её умножает форма счёта', 'none', { reply: invoice.TariffReply }),
  r('get', `${A}/invoice/{hash}`, 'Организации', 'Счёт по ссылке для владельца организации: продавец, покупатель, услуга, сумма', 'required', { reply: invoice.InvoiceDocument, errors: [401, 404] }),
  r('post', `${A}/crm/lead`, 'Организации', 'Заявка организации: сохраняется, уходит в отдел продаж и в CRM', 'optional', { body: lead.LeadInput, reply: lead.LeadReply, errors: [400, 429] }),
  r('get', `${A}/autopay`, 'Автооплата', 'Привязанная карта (маска и срок), документы с автооплатой и лимитами, найденные штрафы', 'required', { reply: autopay.AutopayState, errors: [401] }),
  r('post', `${A}/autopay/card`, 'Автооплата', 'Привязка карты: адрес страницы шлюза (блокировка 1 ₽, сразу снимается)', 'required', { reply: autopay.AutopayBindingReply, errors: [401, 403, 404] }),
  r('delete', `${A}/autopay/card`, 'Автооплата', 'Отвязать карту: токен удаляется у шлюза и у нас', 'required', { reply: autopay.AutopayState, errors: [401] }),
  r('put', `${A}/autopay/rule`, 'Автооплата', 'Включить автооплату для СТС или ВУ с лимитами (рубли)', 'required', { body: autopay.AutopayRuleInput, reply: autopay.AutopayState, errors: [401, 404, 409, 422] }),
  r('delete', `${A}/autopay/rule/{id}`, 'Автооплата', 'Выключить автооплату для документа', 'required', { reply: autopay.AutopayState, errors: [400, 401, 404] }),
  r('post', `${A}/autopay/charge/{id}/pay`, 'Автооплата', 'Оплатить запланированный штраф сейчас', 'required', { reply: autopay.AutopayState, errors: [400, 401, 404, 409] }),
  r('post', `${A}/autopay/charge/{id}/skip`, 'Автооплата', 'Пропустить запланированный штраф', 'required', { reply: autopay.AutopayState, errors: [400, 401, 404, 409] }),
  r('post', `${A}/autopay/cancel`, 'Автооплата', 'Отмена автооплаты штрафа по подписанной ссылке из письма (без входа)', 'none', { body: autopay.AutopayCancelInput, reply: autopay.AutopayCancelReply, errors: [400, 404, 410] }),
  r('get', `${A}/organization/{id}/autopay`, 'Автооплата', 'Автооплата автопарка организации (только владелец): карта владельца, лимиты, найденные штрафы', 'required', { reply: fleetAutopay.FleetAutopayState, errors: [400, 401, 404] }),
  r('put', `${A}/organization/{id}/autopay`, 'Автооплата', 'Включить автооплату автопарка с лимитами (рубли); нужна оплаченная подписка и привязанная карта', 'required', { body: fleetAutopay.FleetAutopayInput, reply: fleetAutopay.FleetAutopayState, errors: [400, 401, 403, 404, 409, 422] }),
  r('delete', `${A}/organization/{id}/autopay`, 'Автооплата', 'Выключить автооплату автопарка', 'required', { reply: fleetAutopay.FleetAutopayState, errors: [400, 401, 404] }),
  r('post', `${A}/organization/{id}/autopay/charge/{chargeId}/pay`, 'Автооплата', 'Оплатить запланированный штраф автопарка сейчас', 'required', { reply: fleetAutopay.FleetAutopayState, errors: [400, 401, 404, 409] }),
  r('post', `${A}/organization/{id}/autopay/charge/{chargeId}/skip`, 'Автооплата', 'Пропустить запланированный штраф автопарка', 'required', { reply: fleetAutopay.FleetAutopayState, errors: [400, 401, 404, 409] }),
  r('post', `${A}/payment/a3/callback`, 'Оплата', 'Callback A3: подписанное состояние заказа (ответ — подписанный JSON)', 'none', { bare: true, errors: [400, 429] }),
  r('post', `${A}/autopay/a3/callback`, 'Автооплата', 'Callback A3 о привязке карты: подписанное состояние привязки; токен запрашивается у A3 (ответ — подписанный JSON)', 'none', { bare: true, errors: [400, 404, 429] }),
  r('get', '/api/ordinances/get/summary', 'Начисления', 'Сводка по категориям', 'required', { reply: ordinance.OrdinanceSummaryReply, errors: [401] }),
  r('get', '/api/ordinances/get/advantage', 'Начисления', 'Экономия от скидок', 'required', { reply: ordinance.OrdinanceAdvantageReply, errors: [401] }),
  r('get', '/api/ordinances/get/{category}', 'Начисления', 'Начисления категории (all, not_paid, fines, ipfssp, inn_ordinances, paid_ordinances)', 'required', { query: ordinance.OrdinanceQuery, reply: ordinance.OrdinanceListReply, errors: [400, 401] }),
  r('get', '/coordinates/cameras', 'Карта', 'Камеры в области: по одной на крупном масштабе, кластерами на мелком', 'none', { query: map.CamerasQuery, reply: map.CamerasReply, errors: [400, 429] }),
  r('get', '/coordinates/init', 'Карта', 'С чего начать карту: центр региона пользователя, типы камер, адрес подложки', 'optional', { query: map.MapInitQuery, reply: map.MapInitReply, errors: [400] }),
  r('get', '/coordinates/ordinances', 'Карта', 'Штрафы пользователя с местом нарушения', 'required', { reply: map.MapOrdinancesReply, errors: [401] }),
  r('get', '/geocoder/1.x/', 'Карта', 'Поиск места по адресу или координатам «долгота,широта» (ответ в формате геокодера)', 'none', { query: map.GeocoderQuery, reply: GeocoderReply, bare: true, errors: [400, 502] }),
  r('get', '/v1/exps/', 'Эксперименты', 'A/B-флаги посетителя', 'none', { query: ExperimentsQuery, reply: FlagsReply, bare: true, errors: [400] }),
  ...INTEGRATION_ROUTE_DOCS,
];

/** Test-only calls (SANDBOX_CONTROL=1), left out of the public document on purpose. */
export const SANDBOX_ROUTES = [`POST ${A}/sandbox/fines`, `POST ${A}/sandbox/invoice/{hash}/pay`, `POST ${A}/sandbox/recheck`, `POST ${A}/sandbox/reminders`, `POST ${A}/sandbox/autopay/run`, 'POST /105/sandbox-gateway/moneta/bind', 'POST /105/sandbox-gateway/moneta/merchant-api', 'GET /105/sandbox-gateway/moneta/assistant', 'POST /105/sandbox-gateway/moneta/pay', 'POST /105/sandbox-gateway/a3/orders', 'POST /105/sandbox-gateway/a3/bindings', 'POST /105/sandbox-gateway/a3/bindings/status', 'GET /105/sandbox-gateway/a3/bind/{bindingId}', 'POST /105/sandbox-gateway/a3/bind/{bindingId}', 'POST /105/sandbox-gateway/a3/tokens/charge', 'POST /105/sandbox-gateway/a3/tokens/delete', 'POST /105/sandbox-gateway/a3/orders/status', 'GET /105/sandbox-gateway/a3/pay/{orderId}', 'POST /105/sandbox-gateway/a3/pay/{orderId}', `POST ${A}/sandbox/charges`, 'POST /105/sandbox-gateway/sbp/merchant-api', 'GET /105/sandbox-gateway/sbp/bank/{qrId}', 'POST /105/sandbox-gateway/sbp/bank/{qrId}', 'GET /105/oauth-sandbox/yandex/authorize', 'POST /105/oauth-sandbox/yandex/authorize', 'POST /105/oauth-sandbox/yandex/token', 'GET /105/oauth-sandbox/yandex/info', 'GET /105/oauth-sandbox/vk/authorize', 'POST /105/oauth-sandbox/vk/authorize', 'POST /105/oauth-sandbox/vk/oauth2/auth', 'POST /105/oauth-sandbox/vk/oauth2/user_info'] as const;

import type { Insertable } from 'kysely';
import type { FinesTable } from '../../../server/db/schema.ts';

let serial = 0;

/** A fine row as the source would store it (a camera fine in Moscow under 12.9.2, 500 ₽), with a УИН and share hash of its own; `over` changes any column. */
export function fineRow(subjectKey: string, over: Partial<Insertable<FinesTable>> = {}): Insertable<FinesTable> {
  serial += 1;
  return {
    subject_key: subjectKey,
    uin: `1881017726${String(serial).padStart(10, '0')}`,
    plate_number: 'А123ВС',
    plate_region: '77',
    identifier: '',
    identifier_type: 'sts',
    article: '12.9.2',
    article_title: 'Превышение скорости на 20–40 км/ч',
    amount: 500,
    ruling_date: '2026-03-12',
    violation_at: '2026-03-10T10:00:00+03:00',
    days_ago: null,
    address: 'Москва, Тверская ул., д. 7',
    lat: 55.76,
    lon: 37.61,
    department: 'ЦАФАП ГИБДД',
    paid: false,
    camera_id: null,
    speed_actual: null,
    speed_limit: null,
    payee: JSON.stringify({ name: 'УФК', inn: '7707089101', kpp: '770731005', account: '03100643000000017300', bik: '004525988' }),
    share_hash: `share-row-${serial}`,
    created_at: new Date(),
    ...over,
  };
}

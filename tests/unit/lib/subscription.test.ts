import { describe, expect, it } from 'vitest';
import { subscriptionState } from '../../../src/lib/subscription.ts';
import { maskDocument, maskName, maskPlace, maskPlate, maskUin } from '../../../src/lib/masking.ts';

const END = new Date('2026-12-12T00:00:00+03:00');
const at = (iso: string) => new Date(iso);

describe('the subscription at its boundaries (spec §3, §4)', () => {
  it.each([
    // type, now, isDemo, isExpired, endsTomorrow, countDays, masked
    [0, '2026-12-05T00:00:00+03:00', true, false, false, 7, true],
    [0, '2026-12-10T23:59:59+03:00', true, false, false, 2, true],
    [0, '2026-12-11T00:00:00+03:00', true, false, true, 1, true], // exactly one day left
    [0, '2026-12-11T23:59:59+03:00', true, false, true, 1, true],
    [0, '2026-12-12T00:00:00+03:00', true, false, true, 0, true], // the end itself: not yet before it
    [0, '2026-12-12T00:00:01+03:00', true, true, false, 0, true],
    [1, '2026-12-05T00:00:00+03:00', false, false, false, 7, false],
    [1, '2026-12-11T12:00:00+03:00', false, false, true, 1, false],
    [1, '2027-01-01T00:00:00+03:00', false, true, false, 0, true],
  ])('type %i at %s', (type, now, isDemo, isExpired, endsTomorrow, countDays, masked) => {
    expect(subscriptionState(type, END, at(now))).toEqual({ isDemo, isExpired, endsTomorrow, countDays, masked });
  });
});

describe('masking (spec §3)', () => {
  it.each([
    [maskPlate, 'А123ВС', 'А1**ВС'],
    [maskPlate, 'АВ1234', 'АВ**34'],
    [maskUin, '18810177250612002172', '188101************72'],
    [maskUin, '0355431010250121145002174', '035543*****************74'],
    [maskPlace, 'г. Москва, Тверская ул., д. 1', 'г. Москва, ***'],
    [maskDocument, '9941123456', '******3456'],
    [maskName, 'Иванов Иван Иванович', 'И. И. И.'],
  ] as const)('%o(%s) → %s', (mask, value, masked) => {
    expect(mask(value)).toBe(masked);
  });
});

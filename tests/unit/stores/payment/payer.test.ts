import { cleanTestStorage, getTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { $rememberedPayer, decodePayer, initialPayer, rememberPayer } from '../../../../src/stores/payment/payer.ts';

beforeAll(() => useTestStorageEngine());
afterEach(() => cleanTestStorage());

describe('the remembered payer', () => {
  it('is kept in local storage for the user who paid', () => {
    rememberPayer('41', ' Иванов Иван Иванович ', 'ivan@example.ru ');
    expect(JSON.parse(getTestStorage()['payer'] ?? '{}')).toEqual({ userId: '41', fio: 'Иванов Иван Иванович', email: 'ivan@example.ru' });
    expect(initialPayer('41', null, { fio: '', email: '' })).toEqual({ fio: 'Иванов Иван Иванович', email: 'ivan@example.ru' });
    // Another user of this browser starts from their own.
    expect(initialPayer('42', null, { fio: '', email: 'me@example.ru' })).toEqual({ fio: '', email: 'me@example.ru' });
    $rememberedPayer.set({ userId: '', fio: '', email: '' });
  });

  it.each([
    ['{"userId":"41","fio":"Иванов Иван","email":"a@b.ru"}', { userId: '41', fio: 'Иванов Иван', email: 'a@b.ru' }],
    ['{"userId":41,"fio":null}', { userId: '', fio: '', email: '' }],
    ['not json', { userId: '', fio: '', email: '' }],
  ])('decodes %s', (text, payer) => {
    expect(decodePayer(text)).toEqual(payer);
  });
});

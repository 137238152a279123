import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readRelayRequest } from '../../../../server/platform/mailRelay.ts';
import { $authData, emptyAuthData, setAuthRecord } from '../../../../src/stores/authData.ts';
import { $feedback, editFeedbackText, rate, sendFeedback } from '../../../../src/stores/platform/feedback.ts';
import { fakeApi } from '../fakeApi.ts';

beforeAll(() => useTestStorageEngine());
beforeEach(() => {
  $feedback.set({ rating: 0, text: '', busy: false, sent: false, error: '' });
  setAuthRecord({ clientId: 'c', salt: 's', rand: 'a'.repeat(32), userId: '41', session: 'b'.repeat(64) });
});
afterEach(() => {
  $authData.set(emptyAuthData());
  cleanTestStorage();
});

describe('feedback form', () => {
  it('sends the rating to the team through the mail relay, in an envelope the server accepts', async () => {
    const api = fakeApi({ 'POST /105/api/mail/send': () => ({ json: { status: 'ok', response: { sent: true } } }) });
    rate(4);
    editFeedbackText('  Хочу оплату по QR  ');
    await sendFeedback('/support/');
    const body = Object.fromEntries(new URLSearchParams(api.calls[0]?.body)) as { hash: string; meta: string; data: string };
    expect(readRelayRequest(body)).toEqual({ meta: { template: 'feedback', to: 'team' }, data: { rating: 4, text: 'Хочу оплату по QR', page: '/support/' } });
    expect($feedback.get()).toMatchObject({ sent: true, busy: false });
  });

  it('asks for a rating first', async () => {
    const api = fakeApi({});
    await sendFeedback('/support/');
    expect(api.calls).toHaveLength(0);
    expect($feedback.get().error).toBe('Выберите оценку от 1 до 5');
  });

  it('shows why the relay refused', async () => {
    fakeApi({ 'POST /105/api/mail/send': () => ({ status: 429, json: { status: 'error', error: { errorDesc: 'Слишком много запросов. Повторите через 360 с' } } }) });
    rate(5);
    await sendFeedback('/support/');
    expect($feedback.get()).toMatchObject({ sent: false, error: 'Слишком много запросов. Повторите через 360 с' });
  });
});

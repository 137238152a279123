import { beforeEach, describe, expect, it } from 'vitest';
import { $leadForm, checkLeadFields, setLeadField, submitLead, utmsOf } from '../../../../src/stores/leads/leadForm.ts';
import { fakeApi } from '../fakeApi.ts';

const FILLED = { name: 'Анна', phone: '+7 (999) 123-45-67', email: 'anna@fleet.example', inn: '7707083893', countAuto: '25', monthsCount: '' };

function fill(fields: Partial<typeof FILLED> = {}) {
  $leadForm.setKey('current', { state: 'editing', fields: { name: '', phone: '', email: '', inn: '', countAuto: '', monthsCount: '' }, errors: {}, sending: false });
  for (const [key, value] of Object.entries({ ...FILLED, ...fields })) setLeadField(key as keyof typeof FILLED, value);
}

describe('the lead form store (issue 12)', () => {
  beforeEach(() => fill());

  it('keeps only the visit\'s utm marks', () => {
    expect(utmsOf('?utm_source=yandex&utm_campaign=fleet&fineId=5&utm_Bad=1')).toEqual({ utm_source: 'yandex', utm_campaign: 'fleet' });
  });

  it('checks every field before any call, with the spec\'s ИНН messages', () => {
    expect(checkLeadFields(FILLED)).toEqual({});
    expect(checkLeadFields({ ...FILLED, name: ' ', phone: '+7 (999) 12', email: 'anna@', inn: '', countAuto: 'много' })).toEqual({
      name: 'Укажите, как к вам обращаться',
      phone: 'Некорректный номер телефона',
      email: 'Проверьте e-mail: в нём ошибка',
      inn: 'ИНН обязателен к заполнению',
      countAuto: 'Целое число, можно оставить пустым',
    });
    expect(checkLeadFields({ ...FILLED, inn: '7707083890' }).inn).toBe('Некорректный ИНН');
  });

  it('sends the lead normalised, with its tag and marks, and shows its number', async () => {
    const api = fakeApi({ 'POST /105/api/crm/lead': () => ({ json: { status: 'ok', response: { leadId: 17 } } }) });
    await submitLead('legal-entities', '?utm_source=yandex');
    const sent = new URLSearchParams(api.calls[0]?.body);
    expect(Object.fromEntries(sent)).toEqual({ name: 'Анна', phone: '79991234567', email: 'anna@fleet.example', inn: '7707083893', tag: 'legal-entities', utms: '{"utm_source":"yandex"}', countAuto: '25' });
    expect($leadForm.get().current).toEqual({ state: 'sent', leadId: 17 });
  });

  it('does not call the API with a bad field, and shows the server\'s refusal', async () => {
    const api = fakeApi({ 'POST /105/api/crm/lead': () => ({ status: 400, json: { status: 'error', error: { errorDesc: 'Некорректный ИНН' } } }) });
    fill({ phone: '123' });
    await submitLead('legal-entities', '');
    expect(api.calls).toHaveLength(0);
    fill();
    await submitLead('legal-entities', '');
    expect($leadForm.get().current).toMatchObject({ state: 'editing', sending: false, message: 'Некорректный ИНН' });
  });
});

import { describe, expect, it } from 'vitest';
import { mailEnvelope } from '../../../src/api/mail.ts';
import { readRelayRequest } from '../../../server/platform/mailRelay.ts';

describe('mail relay envelope (spec §3 "Mail")', () => {
  it('is what the server decodes and checks, Cyrillic included', async () => {
    const body = await mailEnvelope({ template: 'feedback', to: 'team' }, { rating: 5, text: 'Всё отлично — спасибо!' });
    expect(readRelayRequest(body)).toEqual({ meta: { template: 'feedback', to: 'team' }, data: { rating: 5, text: 'Всё отлично — спасибо!' } });
  });

  it('no longer matches when the data is changed', async () => {
    const body = await mailEnvelope({ template: 'feedback', to: 'team' }, { rating: 5, text: 'a' });
    const other = await mailEnvelope({ template: 'feedback', to: 'team' }, { rating: 1, text: 'a' });
    expect(() => readRelayRequest({ ...body, data: other.data })).toThrow('Хеш письма не совпадает с его содержимым');
  });
});

import { describe, expect, it } from 'vitest';
import { createDadataCompanies } from '../../../server/providers/company/dadata.ts';

/** A fetch that answers one JSON body and records the request. */
function answering(status: number, body: unknown) {
  const requests: { url: string; init: RequestInit | undefined }[] = [];
  const fake = (async (url: string | URL | Request, init?: RequestInit) => {
    requests.push({ url: String(url), init });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { fake, requests };
}

const party = {
  suggestions: [
    {
      value: 'ПАО СБЕРБАНК',
      data: { inn: '7707083893', kpp: '773601001', ogrn: '1027700132195', type: 'LEGAL', address: { value: 'г Москва, ул Вавилова, д 19' } },
    },
  ],
};

describe('the DaData company adapter', () => {
  it('asks findById/party with the key and reads the company', async () => {
    const { fake, requests } = answering(200, party);
    const companies = createDadataCompanies({ apiKey: 'secret', url: 'https://dadata.example/party', fetch: fake });
    expect(await companies.find('7707083893')).toEqual({ inn: '7707083893', name: 'ПАО СБЕРБАНК', kpp: '773601001', ogrn: '1027700132195', address: 'г Москва, ул Вавилова, д 19', type: 'legal' });
    expect(requests[0]?.url).toBe('https://dadata.example/party');
    expect(new Headers(requests[0]?.init?.headers).get('authorization')).toBe('Token secret');
    expect(JSON.parse(String(requests[0]?.init?.body))).toEqual({ query: '7707083893', branch_type: 'MAIN' });
  });

  it('answers undefined when the register has no such company', async () => {
    expect(await createDadataCompanies({ apiKey: 'k', url: 'https://d.example', fetch: answering(200, { suggestions: [] }).fake }).find('7707083893')).toBeUndefined();
  });

  it('throws on a failed call or an unexpected shape (the route answers 502)', async () => {
    await expect(createDadataCompanies({ apiKey: 'k', url: 'https://d.example', fetch: answering(403, {}).fake }).find('7707083893')).rejects.toThrow(/403/);
    await expect(createDadataCompanies({ apiKey: 'k', url: 'https://d.example', fetch: answering(200, { suggestions: [{ value: 1 }] }).fake }).find('7707083893')).rejects.toThrow(/unexpected shape/);
  });
});

import { array, enums, nullable, optional, string, type, validate } from 'superstruct';
import type { CompanyInfo, CompanyProvider } from './provider.ts';

/** The part of DaData's "findById/party" reply the lookup reads. */
const PartyReply = type({
  suggestions: array(
    type({
      value: string(),
      data: type({
        inn: string(),
        kpp: optional(nullable(string())),
        ogrn: nullable(string()),
        type: enums(['LEGAL', 'INDIVIDUAL']),
        address: nullable(type({ value: string() })),
      }),
    }),
  ),
});

/** Settings of the real company-data service. */
export type DadataSettings = { apiKey: string; url: string; fetch?: typeof fetch; timeoutMs?: number };

/**
 * Company data from DaData (findById/party, by ИНН): the register's name, КПП, ОГРН and address.
 * A reply of another shape or a failed call throws (the route answers 502 and logs it).
 */
export function createDadataCompanies(settings: DadataSettings): CompanyProvider {
  const call = settings.fetch ?? fetch;
  return {
    async find(inn) {
      const response = await call(settings.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Token ${settings.apiKey}` },
        body: JSON.stringify({ query: inn, branch_type: 'MAIN' }),
        signal: AbortSignal.timeout(settings.timeoutMs ?? 5_000),
      });
      if (!response.ok) throw new Error(`Company service answered ${response.status}`);
      const [error, reply] = validate(await response.json(), PartyReply);
      if (error !== undefined) throw new Error(`Company service answered an unexpected shape at ${error.path.join('.')}`);
      const found = reply.suggestions[0];
      if (found === undefined) return undefined;
      const info: CompanyInfo = {
        inn: found.data.inn,
        name: found.value,
        kpp: found.data.kpp ?? null,
        ogrn: found.data.ogrn ?? '',
        address: found.data.address?.value ?? '',
        type: found.data.type === 'LEGAL' ? 'legal' : 'individual',
      };
      return info;
    },
  };
}


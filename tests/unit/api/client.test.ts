import { afterEach, describe, expect, it } from 'vitest';
import { number, type } from 'superstruct';
import { apiCall, configureApiClient } from '../../../src/api/client.ts';
import type { ApiClientConfig } from '../../../src/api/client.ts';
import { ApiReplyError, NetworkError, ValidationError } from '../../../src/api/errors.ts';
import { USER_MESSAGES, userMessage } from '../../../src/api/userMessage.ts';
import { okEnvelope } from '../../../src/api/structs/envelope.ts';

const reply = okEnvelope(type({ n: number() }));
let previous: ApiClientConfig | undefined;

/** Installs a fetch that answers every request with `respond`, recording the requests. */
function answer(respond: (request: Request) => Response | Promise<Response>): Request[] {
  const seen: Request[] = [];
  const replaced = configureApiClient({
    baseURL: 'http://api.test',
    fetch: async (input, init) => {
      const request = new Request(input as RequestInfo, init);
      seen.push(request);
      return respond(request);
    },
  });
  previous ??= replaced;
  return seen;
}

afterEach(() => {
  if (previous !== undefined) configureApiClient(previous);
  previous = undefined;
});

describe('API client', () => {
  it('returns the checked response and sends credentials as headers only', async () => {
    const seen = answer(() => Response.json({ status: 'ok', response: { n: 1 } }));
    const auth = { session: 'a'.repeat(64), rand: 'b'.repeat(32), userId: '7' };
    await expect(apiCall('/105/api/x', reply, { auth, query: { q: '1' } })).resolves.toEqual({ n: 1 });
    const url = new URL(seen[0]?.url ?? '');
    expect(url.pathname).toBe('/105/api/x');
    expect(url.search).toBe('?q=1');
    expect(seen[0]?.headers.get('X-Session')).toBe('a'.repeat(64));
    expect(seen[0]?.headers.get('X-User-Id')).toBe('7');
  });

  it('sends bodies form-encoded', async () => {
    const seen = answer(() => Response.json({ status: 'ok', response: { n: 1 } }));
    await apiCall('/105/api/x', reply, { method: 'POST', body: { sts: '77УК123456' } });
    expect(seen[0]?.headers.get('Content-Type')).toMatch(/application\/x-www-form-urlencoded/);
    expect(await seen[0]?.text()).toBe('sts=77%D0%A3%D0%9A123456');
  });

  it('turns the error envelope into ApiReplyError with status and errorDesc', async () => {
    answer(() => Response.json({ status: 'error', error: { errorDesc: 'Некорректный номер СТС' } }, { status: 422 }));
    const error = await apiCall('/105/api/x', reply).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiReplyError);
    expect(error).toMatchObject({ status: 422, errorDesc: 'Некорректный номер СТС' });
    expect(userMessage(error)).toBe('Некорректный номер СТС');
  });

  it('turns a reply of the wrong shape into ValidationError (not a crash)', async () => {
    answer(() => Response.json({ status: 'ok', response: { n: 'one' } }));
    const error = await apiCall('/105/api/x', reply).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).path).toBe('response.n');
    expect(userMessage(error)).toBe(USER_MESSAGES.unexpected);
  });

  it('turns an HTML error page into ValidationError', async () => {
    answer(() => new Response('<h1>502 Bad Gateway</h1>', { status: 502, headers: { 'Content-Type': 'text/html' } }));
    await expect(apiCall('/105/api/x', reply)).rejects.toBeInstanceOf(ValidationError);
  });

  it('turns a failed fetch into NetworkError', async () => {
    answer(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = await apiCall('/105/api/x', reply).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(userMessage(error)).toBe(USER_MESSAGES.network);
  });

  it.each([
    [new ApiReplyError(500, 'stack trace'), USER_MESSAGES.server],
    [new ApiReplyError(429, 'Слишком много запросов'), 'Слишком много запросов'],
    [new Error('boom'), USER_MESSAGES.unknown],
    ['string', USER_MESSAGES.unknown],
  ])('words %o for people', (error, message) => expect(userMessage(error)).toBe(message));
});

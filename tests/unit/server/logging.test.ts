import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../server/observability/logger.ts';
import { scrub } from '../../../server/observability/scrub.ts';
import { loggedPath } from '../../../src/lib/logPath.ts';

/** A logger whose lines the test reads. */
function captured() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: createLogger({ destination }), lines };
}

const SECRETS = ['9941123456', '99 41 123456', 'А123ВС77', 'а 123 вс 777', 'ivan.petrov@mail.ru', 'a'.repeat(64), 'XTA210990Y2765432', '18810177250612002172', '771234567859'];

describe('no personal data in logs (issue 17)', () => {
  it.each(SECRETS)('scrub masks %s', (secret) => {
    expect(scrub(`before ${secret} after`)).not.toContain(secret);
  });

  it.each(['１８８１０１７８２５０６０１００８７６７', 'А１２３ВС７７', '９９ ４１ １２３４５６'])('scrub masks %s written in full-width digits (issue 23)', (secret) => {
    expect(scrub(`before ${secret} after`)).toBe(scrub(`before ${secret.normalize('NFKC')} after`));
    expect(scrub(`before ${secret} after`)).not.toMatch(/\d{3}/);
  });

  it('redacts personal fields wherever they are, and scrubs messages and errors', () => {
    const { logger, lines } = captured();
    logger.info({ session: 'a'.repeat(64), user: { email: 'ivan.petrov@mail.ru', sts: '9941123456' }, headers: { 'x-session': 'b'.repeat(64) } }, 'lookup of А123ВС77 by ivan.petrov@mail.ru');
    logger.error({ err: new Error('duplicate key (email)=(ivan.petrov@mail.ru) for СТС 9941123456') }, 'insert failed');
    const text = lines.join('\n');
    for (const secret of SECRETS) expect(text).not.toContain(secret);
    expect(text).toContain('[redacted]');
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ level: 30, service: 'shtrafy-api' });
  });
});

describe('the access log shows route patterns, not paths', () => {
  it.each([
    ['/fines/info/AbCdEfGhIjKlMnOpQrStUv/', '/fines/info/{hash}'],
    ['/reset/TTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTT_-0/', '/reset/{token}'],
    ['/fines/123/', '/fines/{id}'],
    ['/_astro/client.abc123.js', '/_astro/*'],
    ['/favicon.svg', '/favicon.svg'],
    ['/', '/'],
    ['/А123ВС77/', '{unmatched}'],
  ])('%s → %s', (path, logged) => {
    expect(loggedPath(path)).toBe(logged);
  });
});

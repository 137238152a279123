import { describe, expect, it } from 'vitest';
import { pickArticle } from '../../../server/providers/fines/articles.ts';
import { seededRandom } from '../../../server/providers/fines/prng.ts';

/** Articles the sandbox picks over many draws. */
function drawn(camera: boolean, federalCity: boolean): Set<string> {
  const random = seededRandom(`articles-${String(camera)}-${String(federalCity)}`);
  return new Set(Array.from({ length: 5000 }, () => pickArticle(random, camera, federalCity).article));
}

describe('pickArticle (issue 15 item 11)', () => {
  it('produces the toll-road and Платон articles from cameras', () => {
    const articles = drawn(true, false);
    for (const code of ['12.21.4.1', '12.21.4.2', '12.21.3.1']) expect(articles).toContain(code);
  });

  it('produces repeated driving without ОСАГО from inspectors', () => {
    expect(drawn(false, false)).toContain('12.37.3');
  });

  it('uses the Moscow and Saint Petersburg parts in a federal city, and never elsewhere', () => {
    const city = drawn(true, true);
    for (const code of ['12.16.5', '12.17.1.2', '12.19.6']) expect(city).toContain(code);
    for (const code of ['12.16.4', '12.17.1.1', '12.19.3']) expect(city).not.toContain(code);
    const elsewhere = drawn(true, false);
    for (const code of ['12.16.5', '12.17.1.2', '12.19.6']) expect(elsewhere).not.toContain(code);
  });
});

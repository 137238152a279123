import { describe, expect, it } from 'vitest';
import { SEARCH_CONSENT_VERSION } from '../../src/lib/consent.ts';
import { OPERATOR } from '../../src/lib/operator.ts';
import { builtPages } from './builtSite.ts';

const page = (path: string) => builtPages().find((p) => p.path === path)?.html ?? '';

describe('operator requisites and consent on the built site (issue 15 items 14, 17)', () => {
  it.each(['/contacts/', '/licenses/personal-data-policy/', '/licenses/license-agreement/', '/rules/payment-rules/'])('%s shows the operator with ИНН, ОГРН and the register number', (path) => {
    const html = page(path);
    expect(html).toContain(`<dd>${OPERATOR.inn}</dd>`);
    expect(html).toContain(`<dd>${OPERATOR.ogrn}</dd>`);
    expect(html).toContain(OPERATOR.rknRegisterNumber);
  });

  it('puts the operator in the footer of every page', () => {
    expect(page('/').includes(`ИНН ${OPERATOR.inn}`)).toBe(true);
  });

  it('shows the versioned consent with the policy link under the search form', () => {
    const html = page('/');
    expect(html).toContain(`data-consent-version="${SEARCH_CONSENT_VERSION}"`);
    expect(html).toContain('href="/licenses/personal-data-policy/"');
  });
});

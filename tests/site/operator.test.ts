import { describe, expect, it } from 'vitest';
import { SEARCH_CONSENT_PATH, SEARCH_CONSENT_VERSION, consentEdition } from '../../src/lib/consent.ts';
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

  it('puts one line of consent under the search form, linking to its full text (issue 24 item 21)', () => {
    const html = page('/');
    expect(html).toContain(`data-consent-version="${SEARCH_CONSENT_VERSION}"`);
    const consent = /<p class="fine-search__consent"[^>]*>([\s\S]*?)<\/p>/.exec(html)?.[1]?.replace(/<!-- -->/g, '') ?? '';
    expect(consent).toBe('Нажимая «Найти штрафы», вы соглашаетесь <a href="/licenses/search-consent/">на обработку персональных данных</a>');
  });

  it('the full consent names the operator, links the policy and shows its edition as a date, not the version string', () => {
    const html = page(SEARCH_CONSENT_PATH);
    expect(html).toContain(`ИНН ${OPERATOR.inn}`);
    expect(html).toContain('href="/licenses/personal-data-policy/"');
    expect(html).toContain(consentEdition(SEARCH_CONSENT_VERSION));
    expect(html.replace(/data-consent-version="[^"]*"/g, '')).not.toContain(SEARCH_CONSENT_VERSION);
  });
});

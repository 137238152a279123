import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { innSources } from '../../../server/providers/fines/innSources.ts';
import { isValidUin } from '../../../src/lib/uin.ts';
import { withInnCheckDigits } from '../../../src/lib/inn.ts';

const TODAY = '2026-11-24';

describe('what the sandbox knows about an ИНН', () => {
  it('answers the same for the same ИНН and year', () => {
    expect(innSources('771234567859', TODAY)).toEqual(innSources('771234567859', '2026-01-02'));
  });

  it('gives a person at most three different property taxes, each with a valid ФНС УИН and a deadline after its year', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{10}$/), (body) => {
        const inn = withInnCheckDigits(body);
        const { taxes, debts } = innSources(inn, TODAY);
        expect(taxes.length).toBeLessThanOrEqual(3);
        expect(new Set(taxes.map((t) => t.title)).size).toBe(taxes.length);
        for (const tax of taxes) {
          expect(isValidUin(tax.uin) && tax.uin.startsWith('182')).toBe(true);
          expect(tax.paymentDeadline).toBe(`${tax.period + 1}-12-01`);
          expect(tax.amount).toBeGreaterThan(0);
        }
        for (const debt of debts) {
          expect(debt.number).toMatch(/^\d{6}\/\d{2}\/\d{5}-ИП$/);
          expect(isValidUin(debt.uin) && debt.uin.startsWith('322')).toBe(true);
          expect(debt.openedOn < TODAY).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('gives an organisation no personal property taxes', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{9}$/), (body) => {
        expect(innSources(withInnCheckDigits(body), TODAY).taxes).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });

  it('finds taxes for most people and debts for some, as in life', () => {
    const people = Array.from({ length: 400 }, (_, i) => withInnCheckDigits(String(7700000000 + i * 7919)));
    const found = people.map((inn) => innSources(inn, TODAY));
    const withTaxes = found.filter((f) => f.taxes.length > 0).length / people.length;
    const withDebts = found.filter((f) => f.debts.length > 0).length / people.length;
    expect(withTaxes).toBeGreaterThan(0.7);
    expect(withDebts).toBeGreaterThan(0.1);
    expect(withDebts).toBeLessThan(0.3);
  });
});

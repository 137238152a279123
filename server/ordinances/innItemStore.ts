import type { Selectable, Transaction } from 'kysely';
import { addDays } from '../../src/lib/isoDate.ts';
import type { AppDeps } from '../appDeps.ts';
import type { Database, FsspDebtsTable, TaxesTable } from '../db/schema.ts';
import type { InnSources } from '../providers/fines/innSources.ts';
import { todayOf } from '../fines/fineStore.ts';

/** A stored tax accrual. */
export type TaxRow = Selectable<TaxesTable>;
/** A stored enforcement proceeding. */
export type DebtRow = Selectable<FsspDebtsTable>;

/** The storage key of an ИНН's taxes and debts. */
export const innKey = (inn: string) => `inn:${inn}`;

/**
 * Makes sure what the tax service and the bailiffs know about an ИНН is stored (asking them on the
 * first check, in one transaction, like fines); answers its key.
 */
export async function lookupInnItems(deps: Pick<AppDeps, 'db' | 'clock' | 'fines'>, inn: string): Promise<string> {
  const key = innKey(inn);
  const known = await deps.db.selectFrom('inn_checks').select('key').where('key', '=', key).executeTakeFirst();
  if (known !== undefined) return key;
  const now = deps.clock();
  const found = await deps.fines.innSources(inn, todayOf(deps));
  await deps.db.transaction().execute(async (tx) => {
    const created = await tx
      .insertInto('inn_checks')
      .values({ key, checked_at: now })
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('key')
      .executeTakeFirst();
    if (created === undefined) return; // checked by a concurrent request
    await insertInnSources(tx, key, found, now);
  });
  return key;
}

/** Stores the taxes and debts of a source answer that are not stored yet (by УИН, by proceedings number). */
export async function insertInnSources(tx: Transaction<Database>, key: string, found: InnSources, now: Date): Promise<void> {
  for (const tax of found.taxes) {
    await tx
      .insertInto('taxes')
      .values({
        subject_key: key,
        uin: tax.uin,
        title: tax.title,
        period: tax.period,
        amount_kopecks: Math.round(tax.amount * 100),
        payment_deadline: tax.paymentDeadline,
        // A paid accrual was paid some days before its deadline.
        paid_at: tax.paid ? new Date(`${addDays(tax.paymentDeadline, -12)}T12:00:00+03:00`) : null,
        tax_authority: tax.taxAuthority,
        payee: JSON.stringify(tax.payee),
        created_at: now,
      })
      .onConflict((oc) => oc.column('uin').doNothing())
      .execute();
  }
  for (const debt of found.debts) {
    await tx
      .insertInto('fssp_debts')
      .values({
        subject_key: key,
        number: debt.number,
        uin: debt.uin,
        opened_on: debt.openedOn,
        amount_kopecks: Math.round(debt.amount * 100),
        subject: debt.subject,
        bailiff_office: debt.bailiffOffice,
        paid_at: null,
        created_at: now,
      })
      .onConflict((oc) => oc.column('number').doNothing())
      .execute();
  }
}

/** The stored taxes and debts of an ИНН, newest first. */
export async function readInnItems(deps: Pick<AppDeps, 'db'>, key: string): Promise<{ taxes: TaxRow[]; debts: DebtRow[] }> {
  const [taxes, debts] = await Promise.all([
    deps.db.selectFrom('taxes').selectAll().where('subject_key', '=', key).orderBy('period', 'desc').orderBy('id').execute(),
    deps.db.selectFrom('fssp_debts').selectAll().where('subject_key', '=', key).orderBy('opened_on', 'desc').orderBy('id').execute(),
  ]);
  return { taxes, debts };
}

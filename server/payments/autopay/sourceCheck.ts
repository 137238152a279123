import type { AppDeps } from '../../appDeps.ts';
import { todayOf } from '../../fines/fineStore.ts';
import type { FineSubject } from '../../providers/fines/provider.ts';

/** What the source says about a fine right now. */
export type SourceVerdict = { kind: 'unpaid' } | { kind: 'paid'; paidAt: string } | { kind: 'gone' };

/**
 * Asks the fines source again, through its usual interface, whether a fine is still to be paid: by the
 * document it was found on (the sandbox and ГИС ГМП both answer a document's rulings). A fine paid
 * elsewhere is marked paid in our data too. runCharges.ts then asks payOnce.ts too (paid through us,
 * or paid or cancelled in ГИС ГМП's register), as every payment by hand does.
 */
export async function askSource(deps: AppDeps, subject: FineSubject, fine: { id: number; uin: string }): Promise<SourceVerdict> {
  const found = await deps.fines.finesFor(subject, todayOf(deps));
  const source = found.fines.find((f) => f.uin === fine.uin);
  if (source === undefined) return { kind: 'gone' };
  if (source.paidAt === null) return { kind: 'unpaid' };
  await deps.db.updateTable('fines').set({ paid: true }).where('id', '=', fine.id).execute();
  return { kind: 'paid', paidAt: source.paidAt };
}

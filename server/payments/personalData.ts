import { registerPersonalData } from '../privacy/personalData.ts';

// The payments' share of a user's personal data (issue 14 part 7): the export shows every payment and
// cashback request; erasing keeps paid payments as the records the law requires (402-ФЗ art. 29,
// 5 years: amount, date, УИН, gateway operation, receipt) without the payer's name and e-mail, and
// deletes everything else — unfinished and unpaid payments, cashback requests.
registerPersonalData({
  name: 'payments',
  async export(db, userId) {
    const payments = await db
      .selectFrom('payments')
      .select(['id', 'status', 'payment_system', 'email', 'payer', 'amount_kopecks', 'commission_kopecks', 'total_kopecks', 'gateway_operation_id', 'receipt_hash', 'created_at', 'finished_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
    const ids = payments.map((p) => p.id);
    const items = ids.length === 0 ? [] : await db.selectFrom('payment_items').select(['payment_id', 'uin', 'amount_kopecks']).where('payment_id', 'in', ids).execute();
    const cashback = await db.selectFrom('cashback_requests').select(['payment_id', 'email', 'description', 'created_at']).where('user_id', '=', userId).execute();
    return payments.map((p) => ({ ...p, items: items.filter((i) => i.payment_id === p.id), cashbackRequest: cashback.find((c) => c.payment_id === p.id) ?? null }));
  },
  async erase(tx, { userId }) {
    await tx.deleteFrom('cashback_requests').where('user_id', '=', userId).execute();
    const unpaid = tx.selectFrom('payments').select('id').where('user_id', '=', userId).where('status', '<>', 'success');
    await tx.deleteFrom('payment_events').where('payment_id', 'in', unpaid).execute();
    await tx.deleteFrom('payments').where('user_id', '=', userId).where('status', '<>', 'success').execute();
    await tx.updateTable('payments').set({ email: '', payer: JSON.stringify({ fio: '' }) }).where('user_id', '=', userId).execute();
  },
});

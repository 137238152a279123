import { registerPersonalData } from '../../privacy/personalData.ts';
import { queueRemoval } from './cardStore.ts';

// Автооплата's share of a user's data: the card (mask and expiry; the token never leaves), the
// documents with their limits, and the scheduled fines. Erasing the account queues the token's
// removal at the gateway (the removal job calls it) and deletes the rest.

registerPersonalData({
  name: 'autopay',
  async export(db, userId) {
    const [cards, rules, charges] = await Promise.all([
      db.selectFrom('autopay_cards').select(['gateway', 'mask', 'expiry', 'bound_at']).where('user_id', '=', userId).where('status', '=', 'bound').execute(),
      db.selectFrom('autopay_rules').select(['document_kind', 'max_fine_kopecks', 'monthly_kopecks', 'created_at']).where('user_id', '=', userId).execute(),
      db.selectFrom('autopay_charges').select(['uin', 'amount_kopecks', 'status', 'charge_at', 'finished_at']).where('user_id', '=', userId).orderBy('id').execute(),
    ]);
    return { cards, rules, charges };
  },
  async erase(tx, { userId, now }) {
    const cards = await tx.deleteFrom('autopay_cards').where('user_id', '=', userId).returning(['gateway', 'token']).execute();
    for (const card of cards) if (card.token !== null) await queueRemoval(tx, card.gateway, card.token, now);
    await tx.deleteFrom('autopay_charges').where('user_id', '=', userId).execute();
    await tx.deleteFrom('autopay_rules').where('user_id', '=', userId).execute();
  },
});

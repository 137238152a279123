import { formatPhone } from '../../../src/lib/mobilePhone.ts';
import { registerPersonalData } from '../../privacy/personalData.ts';

/** The account's phone in the export, and everything of it the erasure removes: the number, its codes, the sandbox's SMS. */
registerPersonalData({
  name: 'phones',
  async export(db, userId) {
    const rows = await db.selectFrom('user_phones').select(['phone', 'confirmed_at']).where('user_id', '=', userId).execute();
    return rows.map((row) => ({ phone: formatPhone(row.phone), confirmedAt: row.confirmed_at.toISOString() }));
  },
  async erase(tx, { userId }) {
    const phones = (await tx.selectFrom('user_phones').select('phone').where('user_id', '=', userId).execute()).map((row) => row.phone);
    await tx.deleteFrom('phone_codes').where((eb) => (phones.length === 0 ? eb('user_id', '=', userId) : eb.or([eb('user_id', '=', userId), eb('phone', 'in', phones)]))).execute();
    if (phones.length > 0) await tx.deleteFrom('mail_outbox').where('to_address', 'in', phones.map(formatPhone)).execute();
    await tx.deleteFrom('user_phones').where('user_id', '=', userId).execute();
  },
});

/** The linked Яндекс ID and VK ID in the export; erasure removes the links and the flows under way. */
registerPersonalData({
  name: 'linkedProviders',
  async export(db, userId) {
    const rows = await db.selectFrom('user_identities').select(['provider', 'subject', 'email', 'name', 'created_at']).where('user_id', '=', userId).orderBy('created_at').execute();
    return rows.map((row) => ({ provider: row.provider, subject: row.subject, email: row.email, name: row.name, linkedAt: row.created_at.toISOString() }));
  },
  async erase(tx, { userId }) {
    await tx.deleteFrom('oauth_flows').where('user_id', '=', userId).execute();
    await tx.deleteFrom('user_identities').where('user_id', '=', userId).execute();
  },
});

/** Registers the sections above (importing this module is enough). */
export const PHONE_PERSONAL_DATA_READY = true;

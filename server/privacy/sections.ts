import { consentsOf } from './consents.ts';
import { registerPersonalData } from './personalData.ts';
// Phones (issue 29) register their own section; it runs before the account's.
import '../accounts/phone/phonePersonalData.ts';

// The sections of the capabilities that exist today. Order matters for erasure: the account goes last.

/** Dates as ISO text in the export. */
const iso = (value: Date | null) => (value === null ? null : value.toISOString());

registerPersonalData({
  name: 'documents',
  async export(db, userId) {
    const [sts, driverLicenses, inns] = await Promise.all([
      db.selectFrom('sts_documents').select(['sts', 'plate_number', 'plate_region', 'vehicle_model', 'created_at']).where('user_id', '=', userId).orderBy('id').execute(),
      db.selectFrom('driver_licenses').select(['number', 'issue_date', 'first_issue_date', 'surname', 'name', 'patronymic', 'created_at']).where('user_id', '=', userId).orderBy('id').execute(),
      db.selectFrom('inns').select(['inn', 'inn_name', 'surname', 'name', 'patronymic', 'created_at']).where('user_id', '=', userId).orderBy('id').execute(),
    ]);
    return { sts, driverLicenses, inns };
  },
  async erase(tx, { userId }) {
    for (const table of ['sts_documents', 'driver_licenses', 'inns'] as const) await tx.deleteFrom(table).where('user_id', '=', userId).execute();
  },
});

registerPersonalData({
  name: 'finesSeen',
  async export(db, userId) {
    const searches = await db
      .selectFrom('search_grants')
      .select(['identifier_type', 'identifier', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
    const fines = await db
      .selectFrom('fines')
      .innerJoin('search_grants', 'search_grants.subject_key', 'fines.subject_key')
      .select(['fines.uin', 'fines.article', 'fines.article_title', 'fines.ruling_date', 'fines.plate_number', 'fines.plate_region'])
      .where('search_grants.user_id', '=', userId)
      .orderBy('fines.ruling_date', 'desc')
      .execute();
    const told = await db.selectFrom('seen_items').select(['item_key', 'seen_at']).where('user_id', '=', userId).orderBy('seen_at').execute();
    return { searches, fines, toldAbout: told };
  },
  async erase(tx, { userId }) {
    for (const table of ['search_grants', 'seen_items', 'watch_baselines', 'discount_reminders'] as const) await tx.deleteFrom(table).where('user_id', '=', userId).execute();
  },
});

registerPersonalData({
  name: 'notifications',
  async export(db, userId) {
    const sent = await db.selectFrom('notifications').select(['kind', 'items', 'created_at', 'mailed_at']).where('user_id', '=', userId).orderBy('id').execute();
    const browsers = await db.selectFrom('push_subscriptions').select(['endpoint', 'created_at']).where('user_id', '=', userId).orderBy('id').execute();
    return { sent, pushSubscriptions: browsers };
  },
  async erase(tx, { userId }) {
    await tx.deleteFrom('notifications').where('user_id', '=', userId).execute();
    await tx.deleteFrom('push_subscriptions').where('user_id', '=', userId).execute();
  },
});

registerPersonalData({
  name: 'consents',
  async export(db, userId) {
    return (await consentsOf(db, userId)).map((c) => ({ purpose: c.purpose, version: c.version, givenAt: iso(c.given_at) }));
  },
  async erase(tx, { userId }) {
    await tx.deleteFrom('consents').where('user_id', '=', userId).execute();
  },
});

registerPersonalData({
  name: 'events',
  async export(db, userId) {
    return db.selectFrom('tracking_events').select(['kind', 'name', 'referer', 'params', 'channel', 'created_at']).where('user_id', '=', userId).orderBy('id').execute();
  },
  async erase(tx, { userId }) {
    // Events hold no personal data (stripped on arrival); cut their link to the person, keep the counts.
    await tx.updateTable('tracking_events').set({ user_id: null, tracking_id: null, device_id: null }).where('user_id', '=', userId).execute();
  },
});

registerPersonalData({
  name: 'supportTickets',
  async export(db, userId) {
    return db.selectFrom('support_tickets').select(['id', 'email', 'content', 'platform', 'app_version', 'created_at']).where('user_id', '=', userId).orderBy('id').execute();
  },
  async erase(tx, { userId, email }) {
    await tx.deleteFrom('support_tickets').where((eb) => (email === null ? eb('user_id', '=', userId) : eb.or([eb('user_id', '=', userId), eb('email', '=', email)]))).execute();
  },
});

registerPersonalData({
  name: 'organizations',
  async export(db, userId) {
    const organizations = await db.selectFrom('organizations').selectAll().where('user_id', '=', userId).orderBy('id').execute();
    const ids = organizations.map((o) => o.id);
    if (ids.length === 0) return [];
    const vehicles = await db.selectFrom('fleet_vehicles').selectAll().where('organization_id', 'in', ids).execute();
    const drivers = await db.selectFrom('fleet_drivers').selectAll().where('organization_id', 'in', ids).execute();
    const invoices = await db.selectFrom('invoices').selectAll().where('organization_id', 'in', ids).execute();
    return organizations.map((o) => ({ ...o, vehicles: vehicles.filter((v) => v.organization_id === o.id), drivers: drivers.filter((d) => d.organization_id === o.id), invoices: invoices.filter((i) => i.organization_id === o.id) }));
  },
  async erase(tx, { userId }) {
    const owned = tx.selectFrom('organizations').select('id').where('user_id', '=', userId);
    await tx.deleteFrom('fleet_drivers').where('organization_id', 'in', owned).execute();
    await tx.deleteFrom('fleet_vehicles').where('organization_id', 'in', owned).execute();
    // A paid invoice is an accounting document (402-ФЗ art. 29: kept 5 years): the organization and its
    // invoices stay, its fleet and drivers do not. Everything unpaid goes.
    await tx
      .deleteFrom('organizations')
      .where('user_id', '=', userId)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('invoices').select('invoices.id').whereRef('invoices.organization_id', '=', 'organizations.id').where('invoices.paid_at', 'is not', null))))
      .execute();
  },
});

registerPersonalData({
  name: 'account',
  async export(db, userId) {
    const user = await db.selectFrom('users').select(['id', 'email', 'email_confirmed_at', 'user_type', 'do_notify', 'channel', 'created_at']).where('id', '=', userId).executeTakeFirst();
    const sessions = await db.selectFrom('sessions').select(['platform', 'created_at', 'last_used_at', 'revoked_at']).where('user_id', '=', userId).orderBy('created_at').execute();
    return { ...user, sessions };
  },
  async erase(tx, { userId, email, now }) {
    await tx.deleteFrom('sessions').where('user_id', '=', userId).execute();
    // The used erase link stays, without its address, so opening it again says it was used.
    await tx.deleteFrom('auth_tokens').where('user_id', '=', userId).where('purpose', '<>', 'erase').execute();
    await tx.updateTable('auth_tokens').set({ email: '' }).where('user_id', '=', userId).execute();
    if (email !== null) await tx.deleteFrom('mail_outbox').where('to_address', '=', email).execute();
    // The row stays (payments and audit lines point to its id) with nothing personal in it.
    await tx
      .updateTable('users')
      .set({ email: null, email_confirmed_at: null, password_hash: null, do_notify: 0, user_type: -1, channel: 'erased', erased_at: now, ordinances_refreshed_at: null, taxes_preload_started_at: null })
      .where('id', '=', userId)
      .execute();
  },
});

/** Registers the sections above (importing this module is enough; the export keeps the import explicit). */
export const PERSONAL_DATA_SECTIONS_READY = true;

import { Migrator } from 'kysely/migration';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Migration, MigrationProvider } from 'kysely/migration';
import * as identity from './migrations/001_identity.ts';
import * as documents from './migrations/002_documents.ts';
import * as fines from './migrations/003_fines.ts';
import * as orderKopecks from './migrations/004_order_kopecks.ts';
import * as fineGrants from './migrations/005_fine_grants.ts';
import * as rateLimits from './migrations/006_rate_limits.ts';
import * as accounts from './migrations/007_accounts.ts';
import * as taxPreload from './migrations/008_tax_preload.ts';
import * as innItems from './migrations/009_inn_items.ts';
import * as jobs from './migrations/010_jobs.ts';
import * as sandboxState from './migrations/011_sandbox_state.ts';
import * as notifications from './migrations/012_notifications.ts';
import * as fineDiscountTerms from './migrations/013_fine_discount_terms.ts';
import * as grantIdentifiers from './migrations/014_grant_identifiers.ts';
import * as auditLog from './migrations/040_audit_log.ts';
import * as cspReports from './migrations/041_csp_reports.ts';
import * as autopay from './migrations/100_autopay.ts';
import * as payments from './migrations/050_payments.ts';
import * as cashbackRequests from './migrations/051_cashback_requests.ts';
import * as a3SandboxOrders from './migrations/052_a3_sandbox_orders.ts';
import * as taxPayments from './migrations/053_tax_payments.ts';
import * as paymentContinue from './migrations/054_payment_continue.ts';
import * as crmLeads from './migrations/085_crm_leads.ts';
import * as organizations from './migrations/065_organizations.ts';
import * as platform from './migrations/070_platform.ts';
import * as accountErasure from './migrations/071_account_erasure.ts';
import * as cameras from './migrations/090_cameras.ts';
import * as linkSafety from './migrations/095_link_safety.ts';
import * as sbp from './migrations/105_sbp.ts';
import * as payOnce from './migrations/106_pay_once.ts';
import * as paymentPaths from './migrations/107_payment_paths.ts';
import * as invoicePayments from './migrations/110_invoice_payments.ts';
import * as paymentOrders from './migrations/111_payment_orders.ts';
import * as fleetDrivers from './migrations/113_fleet_drivers.ts';
import * as integrations from './migrations/117_integrations.ts';
import * as phoneSignIn from './migrations/120_phone_sign_in.ts';
import * as oauthIdentities from './migrations/121_oauth_identities.ts';
import * as eraseBySignIn from './migrations/130_erase_by_sign_in.ts';
import * as paymentRegistries from './migrations/135_payment_registries.ts';
import * as fleetAutopay from './migrations/140_fleet_autopay.ts';
import * as a3CardTokens from './migrations/141_a3_card_tokens.ts';

/** Every migration, in order; names are the file names, so the order is the names' order. */
const MIGRATIONS: Record<string, Migration> = {
  '001_identity': identity,
  '002_documents': documents,
  '003_fines': fines,
  '004_order_kopecks': orderKopecks,
  '005_fine_grants': fineGrants,
  '006_rate_limits': rateLimits,
  '007_accounts': accounts,
  '008_tax_preload': taxPreload,
  '009_inn_items': innItems,
  '010_jobs': jobs,
  '011_sandbox_state': sandboxState,
  '012_notifications': notifications,
  '013_fine_discount_terms': fineDiscountTerms,
  '014_grant_identifiers': grantIdentifiers,
  '040_audit_log': auditLog,
  '041_csp_reports': cspReports,
  '050_payments': payments,
  '051_cashback_requests': cashbackRequests,
  '052_a3_sandbox_orders': a3SandboxOrders,
  '053_tax_payments': taxPayments,
  '054_payment_continue': paymentContinue,
  '085_crm_leads': crmLeads,
  '065_organizations': organizations,
  '070_platform': platform,
  '071_account_erasure': accountErasure,
  '090_cameras': cameras,
  '095_link_safety': linkSafety,
  '100_autopay': autopay,
  '105_sbp': sbp,
  '106_pay_once': payOnce,
  '107_payment_paths': paymentPaths,
  '110_invoice_payments': invoicePayments,
  '111_payment_orders': paymentOrders,
  '113_fleet_drivers': fleetDrivers,
  '117_integrations': integrations,
  '120_phone_sign_in': phoneSignIn,
  '121_oauth_identities': oauthIdentities,
  '130_erase_by_sign_in': eraseBySignIn,
  '135_payment_registries': paymentRegistries,
  '140_fleet_autopay': fleetAutopay,
  '141_a3_card_tokens': a3CardTokens,
};

/** Migrations listed in code (Node's type stripping cannot glob-import a folder). */
const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** A migrator for the connection's current schema (named: otherwise kysely looks for its table in every schema). */
export async function migratorFor(db: Kysely<unknown>): Promise<Migrator> {
  const current = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const migrationTableSchema = current.rows[0]?.schema ?? 'public';
  // Capabilities own number ranges (payments 050–059, organizations 065–069, ...), so a database that
  // already ran a higher number must still accept a lower one added later.
  return new Migrator({ db, provider, migrationTableSchema, allowUnorderedMigrations: true });
}

/** Brings the database schema up to date; throws with the failing migration's error. */
export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
  const { error, results } = await (await migratorFor(db)).migrateToLatest();
  if (error !== undefined) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${failed} failed`, { cause: error });
  }
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailTestApi, setPassword, signUp } from './helpers/accounts.ts';
import type { MailTestApi } from './helpers/accounts.ts';
import { withInnCheckDigits } from '../../src/lib/inn.ts';
import { FIXTURES } from './helpers/fixtures.ts';

let api: MailTestApi;
beforeAll(async () => {
  api = await createMailTestApi();
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

/** The audit lines of a user, oldest first. */
const linesOf = (userId: number | null) =>
  api.deps.db.selectFrom('audit_log').selectAll().where('user_id', userId === null ? 'is' : '=', userId).orderBy('id').execute();

describe('the audit log (issue 17 item 9)', () => {
  it('keeps sign-ins, refused sign-ins, password changes and document changes, with ids and no personal data', async () => {
    const account = await signUp(api, 'audit.person@example.ru');
    await setPassword(api, account, 'Длинный пароль 1');
    const signedIn = await api.request('POST', '/105/api/login', { form: { _username: 'audit.person@example.ru', _password: 'Длинный пароль 1' } });
    expect(signedIn.status).toBe(200);
    await api.request('POST', '/105/api/login', { form: { _username: 'audit.person@example.ru', _password: 'не тот пароль' } });
    await api.request('POST', '/105/api/sts', { session: account, form: FIXTURES.stsWithFines });
    const stsId = (await api.request('GET', '/105/api/sts', { session: account })).body.response.sts[0].id;
    await api.request('DELETE', '/105/api/sts', { session: account, form: { id: String(stsId) } });

    const lines = await linesOf(account.userId);
    const actions = lines.map((line) => `${line.action}:${line.outcome}`);
    expect(actions).toEqual(expect.arrayContaining(['password.change:ok', 'session.signIn:ok', 'document.add:ok', 'document.remove:ok']));
    expect(lines.find((line) => line.action === 'document.add')).toMatchObject({ object_type: 'sts' });
    const refused = await api.deps.db.selectFrom('audit_log').selectAll().where('action', '=', 'session.signIn').where('outcome', '=', 'refused').execute();
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const line of lines) {
      expect(line.request_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(line.address_hash).toMatch(/^[0-9a-f]{32}$/);
    }
    const all = JSON.stringify(await api.deps.db.selectFrom('audit_log').selectAll().execute());
    for (const secret of ['audit.person@example.ru', FIXTURES.stsWithFines.sts, 'Длинный пароль 1', account.session]) expect(all).not.toContain(secret);
  });

  it('writes nothing for reads and for refused document changes', async () => {
    const user = await api.register();
    await api.request('GET', '/105/api/sts', { session: user });
    await api.request('POST', '/105/api/sts', { session: user, form: { sts: 'плохой' } });
    expect(await linesOf(user.userId)).toEqual([]);
  });

  it('names the object of an organization change by its id, and ignores a refused one', async () => {
    const company = await signUp(api, 'audit.fleet@example.ru', { isLegalEntity: '1' });
    const created = await api.request('POST', '/105/api/organization', { session: company, form: { inn: withInnCheckDigits('770708389') } });
    const id = String(created.body.response.item.id);
    await api.request('DELETE', '/105/api/organization/987654', { session: company });
    await api.request('DELETE', `/105/api/organization/${id}`, { session: company });
    const lines = (await linesOf(company.userId)).filter((line) => line.action.startsWith('organization.'));
    expect(lines.map((line) => [line.action, line.object_type, line.object_id])).toEqual([
      ['organization.create', 'organization', null],
      ['organization.remove', 'organization', id],
    ]);
  });
});

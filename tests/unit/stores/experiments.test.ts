import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { $authData, emptyAuthData, setAuthRecord } from '../../../src/stores/authData.ts';
import { $flags, flagValue, loadFlags } from '../../../src/stores/experiments.ts';
import { fakeApi } from './fakeApi.ts';

beforeAll(() => useTestStorageEngine());
beforeEach(() => $flags.set({ loaded: false, list: [{ n: 'mvar', v: '0' }] }));
afterEach(() => {
  $authData.set(emptyAuthData());
  cleanTestStorage();
});

describe('A/B flags store (spec §3, §9)', () => {
  it('asks the service once per page with the clientId, and reads a flag by name', async () => {
    const api = fakeApi({ 'GET /v1/exps/': () => ({ json: [{ n: 'payButton', v: 'green' }] }) });
    setAuthRecord({ clientId: 'client-1', salt: '', rand: '', userId: '', session: '' });
    await loadFlags('/fines/', 'tracking-1');
    await loadFlags('/fines/', 'tracking-1');
    expect(api.calls).toHaveLength(1);
    expect(Object.fromEntries(api.calls[0]!.query)).toEqual({ client_id: 'client-1', url: '/fines/', i: '0', client_features: '' });
    expect(flagValue('payButton')).toBe('green');
    expect(flagValue('other', 'off')).toBe('off');
  });

  it('uses the tracking id before the visitor has a clientId', async () => {
    const api = fakeApi({ 'GET /v1/exps/': () => ({ json: [{ n: 'mvar', v: '0' }] }) });
    await loadFlags('/', 'tracking-2');
    expect(api.calls[0]!.query.get('client_id')).toBe('tracking-2');
    expect(flagValue('mvar')).toBe('0');
  });

  it.each([
    ['a server error', () => ({ status: 500, json: { status: 'error', error: { errorDesc: 'x' } } })],
    ['a reply of another shape', () => ({ json: { flags: [] } })],
  ])('keeps the default mvar=0 on %s', async (_label, handler) => {
    fakeApi({ 'GET /v1/exps/': handler });
    await loadFlags('/', 'tracking-3');
    expect($flags.get()).toEqual({ loaded: true, list: [{ n: 'mvar', v: '0' }] });
  });
});

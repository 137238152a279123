import { cleanTestStorage, getTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { $authData, $platform, emptyAuthData } from '../../../src/stores/authData.ts';
import { adoptAddressCredentials } from '../../../src/stores/auth/addressCredentials.ts';

const session = 'c'.repeat(64);
const rand = 'd'.repeat(32);

/** A location and a history that records where replaceState moved the address. */
function page(href: string) {
  const moves: string[] = [];
  const location = { href } as Location;
  const history = { state: null, replaceState: (_s: unknown, _t: string, url: string) => moves.push(url) } as unknown as History;
  return { location, history, moves };
}

beforeAll(() => useTestStorageEngine());
afterEach(() => {
  $authData.set(emptyAuthData());
  $platform.set('web');
  cleanTestStorage();
});

describe('a webview adopts the credentials in its address', () => {
  it('stores them for the platform and removes them from the address bar', async () => {
    const { location, history, moves } = page(`https://x.ru/webview/payment/?session=${session}&rand=${rand}&userId=5&platform=chromeExtension&fineId=9`);
    await adoptAddressCredentials(location, history);
    expect($authData.get().chromeExtension).toMatchObject({ session, rand, userId: '5' });
    expect($authData.get().web.session).toBe('');
    expect($platform.get()).toBe('chromeExtension');
    expect(moves).toEqual(['/webview/payment/?fineId=9']);
    expect(JSON.parse(getTestStorage()['authData'] ?? '{}').chromeExtension.userId).toBe('5');
  });

  it('strips malformed credentials without storing them', async () => {
    const { location, history, moves } = page('https://x.ru/webview/taxes/?session=bad&userId=1');
    await adoptAddressCredentials(location, history);
    expect($authData.get()).toEqual(emptyAuthData());
    expect(moves).toEqual(['/webview/taxes/']);
  });

  it('leaves other pages alone', async () => {
    const { location, history, moves } = page(`https://x.ru/fines/?session=${session}&rand=${rand}&userId=5`);
    await adoptAddressCredentials(location, history);
    expect($authData.get()).toEqual(emptyAuthData());
    expect(moves).toEqual([]);
  });
});

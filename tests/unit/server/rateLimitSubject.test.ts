import { describe, expect, it } from 'vitest';
import { addressSubject, hashedSubject } from '../../../server/http/rateLimit.ts';

describe('the subject an address is counted under', () => {
  it.each([
    ['203.0.113.5', '203.0.113.5'],
    ['::ffff:203.0.113.5', '203.0.113.5'],
    ['2001:db8:aa:bb::1', '2001:db8:aa:bb::/64'],
    ['2001:0db8:00aa:00bb:1:2:3:4', '2001:db8:aa:bb::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['unknown', 'unknown'],
  ])('%s → %s', (address, subject) => {
    expect(addressSubject(address)).toBe(subject);
  });

  it('keeps no e-mail in clear, and the same address in any case is one subject', () => {
    expect(hashedSubject(' Ivan@Example.ru ')).toBe(hashedSubject('ivan@example.ru'));
    expect(hashedSubject('ivan@example.ru')).not.toContain('ivan');
  });
});

import { describe, expect, it } from 'vitest';
import { isPublicAddress } from '../../../server/http/publicAddress.ts';

describe('isPublicAddress: only the public internet', () => {
  it.each([
    ['8.8.8.8', true],
    ['93.184.215.14', true],
    ['100.128.0.1', true],
    ['172.32.0.1', true],
    ['2a00:1450:4010:c05::64', true],
    ['2001:4860:4860::8888', true],
    ['::ffff:8.8.8.8', true],
    ['64:ff9b::808:808', true],
    ['127.0.0.1', false],
    ['127.255.255.254', false],
    ['10.0.0.1', false],
    ['172.16.0.1', false],
    ['172.31.255.255', false],
    ['192.168.1.1', false],
    ['100.64.0.1', false],
    ['100.127.255.255', false],
    ['169.254.169.254', false],
    ['0.0.0.0', false],
    ['224.0.0.251', false],
    ['255.255.255.255', false],
    ['192.0.2.10', false],
    ['198.18.0.1', false],
    ['::', false],
    ['::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:a9fe:a9fe', false],
    ['::ffff:10.0.0.1', false],
    ['64:ff9b::10.0.0.1', false],
    ['::127.0.0.1', false],
    ['fc00::1', false],
    ['fd12:3456:789a::1', false],
    ['fe80::1', false],
    ['ff02::1', false],
    ['2001:db8::1', false],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', false],
    ['2002:7f00:1::1', false],
    ['localhost', false],
    ['not an address', false],
  ])('%s → %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

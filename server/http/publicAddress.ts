import { BlockList, isIP } from 'node:net';

// Which addresses the server may connect to on a stranger's say-so (a push subscription's endpoint):
// only ones on the public internet. Everything here is special-purpose per the IANA registries
// (RFC 6890 and its updates): reaching it would let a request from outside touch our own network.

/** IPv4 ranges that are not public internet addresses. */
const IPV4_NOT_PUBLIC: readonly [string, number][] = [
  ['0.0.0.0', 8], // "this network", incl. the unspecified 0.0.0.0
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT (shared address space)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, incl. the cloud metadata service 169.254.169.254
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.88.99.0', 24], // former 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking, often used inside networks
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, incl. broadcast 255.255.255.255
];

/** Special-purpose IPv6 ranges inside the global unicast block 2000::/3. */
const IPV6_NOT_PUBLIC_IN_GLOBAL: readonly [string, number][] = [
  ['2001::', 23], // IETF protocol assignments, incl. Teredo 2001::/32 (tunnels to any IPv4)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: carries an IPv4 address that may be an internal one
  ['3ffe::', 16], // the former 6bone
  ['3fff::', 20], // documentation
];

const ipv4Blocked = new BlockList();
for (const [network, prefix] of IPV4_NOT_PUBLIC) ipv4Blocked.addSubnet(network, prefix, 'ipv4');
const ipv6Blocked = new BlockList();
for (const [network, prefix] of IPV6_NOT_PUBLIC_IN_GLOBAL) ipv6Blocked.addSubnet(network, prefix, 'ipv6');
/** Only 2000::/3 is global unicast: this refuses ::, ::1, fc00::/7, fe80::/10, ff00::/8 and the rest at once. */
const ipv6Global = new BlockList();
ipv6Global.addSubnet('2000::', 3, 'ipv6');

/** The 16 bytes of a valid IPv6 address (a zone index dropped, a trailing dotted IPv4 part read). */
function ipv6Bytes(address: string): number[] {
  let text = (address.split('%')[0] ?? address).toLowerCase();
  const dotted = /^(.*:)(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted !== null) {
    const [a, b, c, d] = dotted.slice(2).map(Number) as [number, number, number, number];
    text = `${dotted[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = tail === undefined ? 0 : 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(Math.max(0, missing)).fill('0'), ...tailGroups].map((g) => Number.parseInt(g, 16));
  return groups.flatMap((g) => [g >> 8, g & 0xff]);
}

/** The IPv4 address an IPv6 one stands for, when it is IPv4-mapped (::ffff:0:0/96) or NAT64 (64:ff9b::/96). */
function embeddedIPv4(bytes: readonly number[]): string | undefined {
  const prefix = bytes.slice(0, 12).join(',');
  const mapped = '0,0,0,0,0,0,0,0,0,0,255,255';
  const nat64 = '0,100,255,155,0,0,0,0,0,0,0,0';
  return prefix === mapped || prefix === nat64 ? bytes.slice(12).join('.') : undefined;
}

/**
 * Whether `address` (an IP address as text) is a public internet address: false for loopback,
 * private, link-local, CGNAT, multicast, unspecified, documentation and other special ranges, and
 * for IPv6 addresses that stand for such an IPv4 one; false for anything that is not an address.
 */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !ipv4Blocked.check(address, 'ipv4');
  if (family !== 6) return false;
  const embedded = embeddedIPv4(ipv6Bytes(address));
  if (embedded !== undefined) return isPublicAddress(embedded);
  const plain = address.split('%')[0] ?? address;
  return ipv6Global.check(plain, 'ipv6') && !ipv6Blocked.check(plain, 'ipv6');
}

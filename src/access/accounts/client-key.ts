import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key a client address is counted under by the per-client sign-in windows. An IPv4
 * client is its address. An IPv6 client is its /64: one subscriber usually holds a
 * whole /64 (and privacy addresses rotate within it), so counting each address apart
 * would let one client try again from as many addresses as it likes. An IPv4 address
 * written as IPv6 (`::ffff:192.0.2.1`, as a dual-stack socket reports IPv4 peers) is
 * the IPv4 address. Anything else (not an IP address) is kept as it is.
 */
export function clientKey(address: string): string {
  if (isIPv4(address)) return address;
  // A zone (`fe80::1%eth0`) names the local interface, not the client.
  const bare = address.split('%')[0]!;
  if (!isIPv6(bare)) return address;
  const groups = ipv6Groups(bare);
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a trailing dotted IPv4 part read as two groups). */
function ipv6Groups(address: string): number[] {
  const pieces = address.toLowerCase().split(':');
  const last = pieces.at(-1)!;
  if (last.includes('.')) {
    const [a, b, c, d] = last.split('.').map(Number) as [number, number, number, number];
    pieces.splice(-1, 1, ((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
  }
  const [head, tail] = pieces.join(':').split('::') as [string, string | undefined];
  const groups = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  if (tail === undefined) return groups(head);
  const [front, back] = [groups(head), groups(tail)];
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

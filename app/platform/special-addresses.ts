import net from 'node:net'

// Which addresses a webhook (or any request the platform makes for a company) may reach: public
// unicast only. The tables are IANA's special-purpose address registries as they stood in 2025
// (the IPv6 one's newest entry then: 100:0:0:1::/64, RFC 9780), every entry whatever its "globally
// reachable" column says (a company has no business sending to an anycast relay or a documentation range), plus the
// blocks of IANA's address-space registries that are not unicast:
//   https://www.iana.org/assignments/iana-ipv4-special-registry/iana-ipv4-special-registry.xhtml
//   https://www.iana.org/assignments/iana-ipv6-special-registry/iana-ipv6-special-registry.xhtml
//   https://www.iana.org/assignments/ipv4-address-space/ipv4-address-space.xhtml (224/4 multicast)
//   https://www.iana.org/assignments/ipv6-address-space/ipv6-address-space.xhtml (only 2000::/3 is
//     global unicast; ::/8 holds the IPv4-compatible ::/96, fec0::/10 is the deprecated site-local
//     block, ff00::/8 multicast)
// An entry inside a larger one is kept for the reader: the registry lists it.

/** IANA IPv4 Special-Purpose Address Registry, and multicast. */
export const SPECIAL_IPV4: readonly (readonly [string, number, string])[] = [
  ['0.0.0.0', 8, '"This network" (RFC 791)'],
  ['10.0.0.0', 8, 'Private-Use (RFC 1918)'],
  ['100.64.0.0', 10, 'Shared Address Space, carrier-grade NAT (RFC 6598)'],
  ['127.0.0.0', 8, 'Loopback (RFC 1122)'],
  ['169.254.0.0', 16, 'Link Local, cloud metadata services (RFC 3927)'],
  ['172.16.0.0', 12, 'Private-Use (RFC 1918)'],
  ['192.0.0.0', 24, 'IETF Protocol Assignments (RFC 6890), incl. 192.0.0.0/29, .8, .9, .10, .170, .171'],
  ['192.0.2.0', 24, 'Documentation TEST-NET-1 (RFC 5737)'],
  ['192.31.196.0', 24, 'AS112-v4 (RFC 7535)'],
  ['192.52.193.0', 24, 'AMT (RFC 7450)'],
  ['192.88.99.0', 24, 'Deprecated 6to4 Relay Anycast (RFC 7526)'],
  ['192.168.0.0', 16, 'Private-Use (RFC 1918)'],
  ['192.175.48.0', 24, 'Direct Delegation AS112 Service (RFC 7534)'],
  ['198.18.0.0', 15, 'Benchmarking (RFC 2544)'],
  ['198.51.100.0', 24, 'Documentation TEST-NET-2 (RFC 5737)'],
  ['203.0.113.0', 24, 'Documentation TEST-NET-3 (RFC 5737)'],
  ['224.0.0.0', 4, 'Multicast (RFC 5771; IPv4 Address Space registry)'],
  ['240.0.0.0', 4, 'Reserved (RFC 1112)'],
  ['255.255.255.255', 32, 'Limited Broadcast (RFC 919)'],
]

/** IANA IPv6 Special-Purpose Address Registry, and the blocks outside global unicast. */
export const SPECIAL_IPV6: readonly (readonly [string, number, string])[] = [
  ['::', 128, 'Unspecified Address (RFC 4291)'],
  ['::1', 128, 'Loopback Address (RFC 4291)'],
  ['::', 96, 'IPv4-compatible, deprecated (RFC 4291 2.5.5.1)'],
  ['::ffff:0:0', 96, 'IPv4-mapped Address (RFC 4291)'],
  ['::ffff:0:0:0', 96, 'IPv4-translated, SIIT (RFC 2765)'],
  ['64:ff9b:1::', 48, 'IPv4-IPv6 Translation, local use (RFC 8215)'],
  ['100::', 64, 'Discard-Only Address Block (RFC 6666)'],
  ['100:0:0:1::', 64, 'Dummy IPv6 Prefix (RFC 9780)'],
  ['2001::', 23, 'IETF Protocol Assignments (RFC 2928), incl. Teredo 2001::/32, 2001:2::/48, ORCHID'],
  ['2001:db8::', 32, 'Documentation (RFC 3849)'],
  ['2002::', 16, '6to4 (RFC 3056): the embedded IPv4 address could be anything; deprecated (RFC 7526)'],
  ['2620:4f:8000::', 48, 'Direct Delegation AS112 Service (RFC 7534)'],
  ['3fff::', 20, 'Documentation (RFC 9637)'],
  ['5f00::', 16, 'Segment Routing (SRv6) SIDs (RFC 9602)'],
  ['fc00::', 7, 'Unique-Local (RFC 4193)'],
  ['fe80::', 10, 'Link-Local Unicast (RFC 4291)'],
  ['fec0::', 10, 'Site-local, deprecated (RFC 3879)'],
  ['ff00::', 8, 'Multicast (RFC 4291)'],
]

/**
 * The well-known NAT64 prefix (RFC 6052): a host on an IPv6-only network with DNS64 reaches every
 * IPv4-only receiver through it, so the IPv4 address in its last 32 bits is judged instead.
 */
const NAT64_PREFIX = ['64:ff9b::', 96] as const

// Two lists: a BlockList checks an IPv4 address against its IPv6 rules too (as ::ffff:a.b.c.d),
// and ::ffff:0:0/96 is refused whole.
const specialV4 = new net.BlockList()
for (const [address, prefix] of SPECIAL_IPV4) specialV4.addSubnet(address, prefix, 'ipv4')
const specialV6 = new net.BlockList()
for (const [address, prefix] of SPECIAL_IPV6) specialV6.addSubnet(address, prefix, 'ipv6')
const globalUnicast = new net.BlockList()
globalUnicast.addSubnet('2000::', 3, 'ipv6')
const nat64 = new net.BlockList()
nat64.addSubnet(...NAT64_PREFIX, 'ipv6')

/** The eight 16-bit groups of an IPv6 address (one net.isIP accepts), a dotted IPv4 tail included. */
function ipv6Groups(address: string): number[] {
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address)
  const text = tail
    ? `${address.slice(0, tail.index)}${((+tail[1]! << 8) | +tail[2]!).toString(16)}:${((+tail[3]! << 8) | +tail[4]!).toString(16)}`
    : address
  const [head, rest] = text.split('::') as [string, string | undefined]
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : [])
  const left = part(head)
  const right = part(rest)
  return rest === undefined ? left : [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right]
}

/**
 * Whether an address is one a request may not be sent to: anything in the special-purpose
 * registries (loopback, private, link-local, carrier NAT, documentation, benchmarking, IPv4 inside
 * IPv6 forms, 6to4, Teredo...), multicast, IPv6 outside global unicast, or not an address at all.
 */
export function isSpecialAddress(address: string): boolean {
  const family = net.isIP(address)
  if (family === 0) return true
  if (family === 4) return specialV4.check(address, 'ipv4')
  const bare = address.toLowerCase()
  if (nat64.check(bare, 'ipv6')) {
    const groups = ipv6Groups(bare)
    const v4 = [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.')
    return specialV4.check(v4, 'ipv4')
  }
  return specialV6.check(bare, 'ipv6') || !globalUnicast.check(bare, 'ipv6')
}

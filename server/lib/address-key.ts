import { isIPv4, isIPv6 } from 'node:net'

/**
 * The part of a client's address that per-address limits count by: an IPv4 address whole, an
 * IPv6 address by its /64 (one subscriber's network: a client given a /64 has 2^64 addresses to
 * rotate through), an IPv4-mapped IPv6 address as the IPv4 address it is.
 */
export function addressKey(ip: string): string {
  const address = ip.split('%')[0]!
  if (!isIPv6(address)) return address
  const hextets = expandIPv6(address)
  if (hextets.slice(0, 5).every((h) => h === 0) && hextets[5] === 0xffff) {
    const [high, low] = [hextets[6]!, hextets[7]!]
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.')
  }
  return `${hextets
    .slice(0, 4)
    .map((h) => h.toString(16))
    .join(':')}::/64`
}

/** The eight 16-bit groups of a valid IPv6 address (a trailing dotted IPv4 part included). */
function expandIPv6(address: string): number[] {
  let text = address.toLowerCase()
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1]
  if (dotted && isIPv4(dotted)) {
    const [a, b, c, d] = dotted.split('.').map(Number) as [number, number, number, number]
    text = `${text.slice(0, -dotted.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head, tail] = text.split('::') as [string, string | undefined]
  const part = (s: string | undefined) => (s ? s.split(':').map((h) => parseInt(h, 16)) : [])
  const front = part(head)
  const back = part(tail)
  const zeros = tail === undefined ? [] : Array<number>(8 - front.length - back.length).fill(0)
  return [...front, ...zeros, ...back]
}

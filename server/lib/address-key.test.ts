import { describe, expect, it } from 'vitest'
import { addressKey } from './address-key'

describe('addressKey', () => {
  it('counts IPv4 whole, IPv6 by its /64, a mapped IPv4 as IPv4', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7')
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64')
    expect(addressKey('2001:db8:1:2::9')).toBe('2001:db8:1:2::/64')
    expect(addressKey('2001:DB8:1:2:ffff::1')).toBe('2001:db8:1:2::/64')
    expect(addressKey('2001:db8::')).toBe('2001:db8:0:0::/64')
    expect(addressKey('::1')).toBe('0:0:0:0::/64')
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
    expect(addressKey('::ffff:198.51.100.4')).toBe('198.51.100.4')
    expect(addressKey('::ffff:c633:6404')).toBe('198.51.100.4')
  })

  it('two addresses of one /64 share a key; of two /64s they do not', () => {
    expect(addressKey('2001:db8:a:b::1')).toBe(addressKey('2001:db8:a:b:ffff:ffff:ffff:fffe'))
    expect(addressKey('2001:db8:a:b::1')).not.toBe(addressKey('2001:db8:a:c::1'))
  })
})

import { describe, expect, it } from 'vitest'
import { formatSize } from './storage'

describe('formatSize', () => {
  it('bytes, KB, MB and GB, with one decimal at most', () => {
    expect(formatSize(0)).toBe('0 bytes')
    expect(formatSize(1023)).toBe('1023 bytes')
    expect(formatSize(Math.floor(0.01 * 1024 * 1024))).toBe('10.2 KB')
    expect(formatSize(25 * 1024 * 1024)).toBe('25 MB')
    expect(formatSize(3.14 * 1024 * 1024)).toBe('3.1 MB')
    expect(formatSize(10240 * 1024 * 1024)).toBe('10 GB')
    expect(formatSize(12.44 * 1024 ** 3)).toBe('12.4 GB')
  })
})

import { describe, expect, it } from 'vitest'
import { formatSize, fullName } from './format'
import { uploadRefusals } from './uploads'

describe('formatSize', () => {
  it('bytes, KB, MB and GB, with one decimal at most', () => {
    expect(formatSize(0)).toBe('0 bytes')
    expect(formatSize(1)).toBe('1 byte')
    expect(formatSize(1023)).toBe('1023 bytes')
    expect(formatSize(1024)).toBe('1 KB')
    expect(formatSize(Math.floor(0.01 * 1024 * 1024))).toBe('10.2 KB')
    expect(formatSize(25 * 1024 * 1024)).toBe('25 MB')
    expect(formatSize(3.14 * 1024 * 1024)).toBe('3.1 MB')
    expect(formatSize(10240 * 1024 * 1024)).toBe('10 GB')
    expect(formatSize(12.44 * 1024 ** 3)).toBe('12.4 GB')
  })

  it('keeps the decimal above 10 units, so the interface and the server say the same size', () => {
    expect(formatSize(10.5 * 1024 * 1024)).toBe('10.5 MB')
    expect(uploadRefusals.tooLarge(10.5 * 1024 * 1024)).toBe('Files may be at most 10.5 MB')
  })
})

describe('fullName', () => {
  it('first and last name, without stray spaces when one is empty', () => {
    expect(fullName({ firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace')
    expect(fullName({ firstName: 'Ada', lastName: '' })).toBe('Ada')
  })
})

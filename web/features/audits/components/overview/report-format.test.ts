import { describe, expect, test } from 'vitest'
import { formatHours, percentOf } from './report-format'

describe('formatHours', () => {
  test.each([
    [null, '—'],
    [0, 'under 1 min'],
    [0.75, '45 min'],
    [1, '1 h'],
    [5, '5 h'],
    [2.54, '2.5 h'],
    [13.4, '13 h'],
    [24, '1 day'],
    [60, '2.5 days'],
    [300, '13 days'],
    [24 * 30.4, '30 days'],
  ])('%s hours: %s', (hours, text) => {
    expect(formatHours(hours)).toBe(text)
  })
})

describe('percentOf', () => {
  test('a whole percentage of the whole', () => {
    expect(percentOf(12, 40)).toBe(30)
    expect(percentOf(0, 5)).toBe(0)
    expect(percentOf(5, 5)).toBe(100)
  })

  test('nothing to count: null', () => {
    expect(percentOf(0, 0)).toBeNull()
  })

  test('neither "none" for a little nor "all" for nearly all', () => {
    expect(percentOf(1, 300)).toBe(1)
    expect(percentOf(299, 300)).toBe(99)
  })
})

import { describe, expect, test } from 'vitest'
import { splitHighlights } from './highlights'

const marked = (text: string, ranges: [number, number][]) =>
  splitHighlights(text, ranges)
    .map((part) => (part.found ? `[${part.text}]` : part.text))
    .join('')

describe('splitting a snippet at the found words', () => {
  test('marks each range, in order, keeping the text between', () => {
    expect(
      marked('Bank statements for the bank loan', [
        [24, 28],
        [0, 4],
      ]),
    ).toBe('[Bank] statements for the [bank] loan')
  })

  test('no ranges: one plain part; the whole text: one found part', () => {
    expect(splitHighlights('Payroll', [])).toEqual([{ text: 'Payroll', found: false }])
    expect(splitHighlights('Payroll', [[0, 7]])).toEqual([{ text: 'Payroll', found: true }])
    expect(splitHighlights('', [[0, 3]])).toEqual([])
  })

  test('joins overlapping and touching ranges, clips and drops bad ones', () => {
    expect(
      marked('abcdefghij', [
        [1, 4],
        [3, 6],
        [6, 7],
      ]),
    ).toBe('a[bcdefg]hij')
    expect(
      marked('abcdef', [
        [-2, 2],
        [4, 99],
        [3, 3],
        [5, 1],
      ]),
    ).toBe('[ab]cd[ef]')
  })

  test('never loses or repeats a character', () => {
    const text = 'Fixed asset register 2026 — additions and disposals'
    const ranges: [number, number][] = [
      [0, 5],
      [2, 9],
      [30, 40],
      [45, 200],
    ]
    expect(
      splitHighlights(text, ranges)
        .map((part) => part.text)
        .join(''),
    ).toBe(text)
  })
})

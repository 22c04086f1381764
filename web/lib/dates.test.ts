import { afterEach, describe, expect, test } from 'vitest'
import {
  formatCalendarDate,
  formatDate,
  formatDateTime,
  formatRelativeTime,
  getDateFormat,
  pastDueWarning,
  setDateFormat,
  todayAsCalendarDate,
} from './dates'

afterEach(() => setDateFormat('month-first'))

describe('a due date being set', () => {
  const now = new Date(2026, 2, 14, 23, 30) // 14 March, late evening where the user is

  test('today is the local calendar day', () => {
    expect(todayAsCalendarDate(now)).toBe('2026-03-14')
  })

  test('a day that has passed is warned of, naming it', () => {
    expect(pastDueWarning('2026-03-13', now)).toMatch(
      /has passed: the request is overdue as soon as the client has it\.$/,
    )
  })

  test('today, a later day, none or a malformed one: nothing to say', () => {
    expect(pastDueWarning('2026-03-14', now)).toBeUndefined()
    expect(pastDueWarning('2026-04-01', now)).toBeUndefined()
    expect(pastDueWarning(null, now)).toBeUndefined()
    expect(pastDueWarning('', now)).toBeUndefined()
    expect(pastDueWarning('14/03/2026', now)).toBeUndefined()
  })
})

describe('dates in the company’s order', () => {
  // Built where the test runs, so the local day and hour are these whatever its time zone.
  const afternoon = new Date(2026, 10, 29, 15, 5).toISOString()
  const september = new Date(2026, 8, 9, 9, 30).toISOString()

  test('month first until the session says otherwise: "Nov 29, 2026"', () => {
    expect(getDateFormat()).toBe('month-first')
    expect(formatCalendarDate('2026-11-29')).toBe('Nov 29, 2026')
    expect(formatCalendarDate('2026-03-04')).toBe('Mar 4, 2026')
    expect(formatDate(afternoon)).toBe('Nov 29, 2026')
    expect(formatDateTime(afternoon)).toMatch(/^Nov 29, 2026, 3:05\sPM$/)
    expect(formatDateTime(september)).toMatch(/^Sep 9, 2026, 9:30\sAM$/)
  })

  test('day first: "29 Nov 2026", the same month names and clock', () => {
    setDateFormat('day-first')
    expect(getDateFormat()).toBe('day-first')
    expect(formatCalendarDate('2026-11-29')).toBe('29 Nov 2026')
    expect(formatCalendarDate('2026-03-04')).toBe('4 Mar 2026')
    expect(formatDate(afternoon)).toBe('29 Nov 2026')
    expect(formatDateTime(afternoon)).toMatch(/^29 Nov 2026, 3:05\sPM$/)
    // "Sep", not the British "Sept": only the order changes.
    expect(formatDateTime(september)).toMatch(/^9 Sep 2026, 9:30\sAM$/)
  })

  test('one format asked for by name, whatever the active one (the settings’ preview)', () => {
    setDateFormat('day-first')
    expect(formatCalendarDate('2026-11-29', 'month-first')).toBe('Nov 29, 2026')
    expect(formatCalendarDate('2026-11-29', 'day-first')).toBe('29 Nov 2026')
  })

  test('beyond a week, relative times give the date in the active order too', () => {
    const now = new Date(2026, 11, 31, 12).getTime()
    expect(formatRelativeTime(afternoon, now)).toBe('Nov 29, 2026')
    setDateFormat('day-first')
    expect(formatRelativeTime(afternoon, now)).toBe('29 Nov 2026')
  })

  test('the past-due warning names the day in the active order', () => {
    const now = new Date(2026, 11, 1, 9)
    setDateFormat('day-first')
    expect(pastDueWarning('2026-11-29', now)).toBe(
      '29 Nov 2026 has passed: the request is overdue as soon as the client has it.',
    )
  })

  test('what is not a date is shown as it came', () => {
    setDateFormat('day-first')
    expect(formatCalendarDate('29/11/2026')).toBe('29/11/2026')
    expect(formatDate('soon')).toBe('soon')
    expect(formatDateTime('')).toBe('')
  })
})

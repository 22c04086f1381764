import { describe, expect, test } from 'vitest'
import { pastDueWarning, todayAsCalendarDate } from './dates'

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

import { QUIET_DAYS } from '@shared/schemas/reports'
import { describe, expect, test } from 'vitest'
import {
  clearedFilter,
  DEFAULT_FILTER,
  filterFromSearch,
  isChanged,
  isFiltered,
  nextSort,
  parseQuietDays,
  portfolioQuery,
  searchFromFilter,
} from './portfolio-filter'

const CLIENT = '00000000-0000-4000-8000-000000000001'
const LEAD = '00000000-0000-4000-8000-000000000002'

describe('the portfolio filter in the address', () => {
  test('an address without a filter is the plain view', () => {
    expect(filterFromSearch(new URLSearchParams())).toEqual(DEFAULT_FILTER)
    expect(searchFromFilter(DEFAULT_FILTER).toString()).toBe('')
  })

  test('reads every part under the API’s own names, and writes it back the same', () => {
    const text = `q=northwind&clientId=${CLIENT}&leadId=${LEAD}&projectStatus=on_hold&stage=not_sent%2Copen&slipping=true&quietDays=7&sort=-overdue`
    const filter = filterFromSearch(new URLSearchParams(text))
    expect(filter).toEqual({
      q: 'northwind',
      clientId: CLIENT,
      leadId: LEAD,
      projectStatus: 'on_hold',
      stages: ['not_sent', 'open'],
      slippingOnly: true,
      quietDays: 7,
      sort: { field: 'overdue', descending: true },
    })
    expect(searchFromFilter(filter).toString()).toBe(text)
  })

  test('what the server would refuse is left out rather than failing the page', () => {
    const filter = filterFromSearch(
      new URLSearchParams(
        'clientId=nope&leadId=1&projectStatus=lost&stage=open,soon,open&slipping=yes&quietDays=0&sort=-size',
      ),
    )
    expect(filter).toEqual({ ...DEFAULT_FILTER, stages: ['open'] })
  })

  test('stages keep the contract’s order, whatever the address’s', () => {
    expect(filterFromSearch(new URLSearchParams('stage=completed,not_sent')).stages).toEqual([
      'not_sent',
      'completed',
    ])
  })

  test('the query leaves defaults out: the server applies them', () => {
    expect(portfolioQuery(DEFAULT_FILTER)).toEqual({
      q: undefined,
      clientId: undefined,
      leadId: undefined,
      projectStatus: undefined,
      stage: undefined,
      slipping: undefined,
      quietDays: undefined,
      sort: undefined,
    })
    expect(portfolioQuery({ ...DEFAULT_FILTER, quietDays: 30, slippingOnly: true })).toMatchObject({
      quietDays: 30,
      slipping: 'true',
    })
  })
})

describe('quiet days', () => {
  test.each([
    ['14', 14],
    [' 7 ', 7],
    ['1', 1],
    [String(QUIET_DAYS.max), QUIET_DAYS.max],
    ['0', undefined],
    [String(QUIET_DAYS.max + 1), undefined],
    ['2.5', undefined],
    ['-3', undefined],
    ['', undefined],
  ])('%j reads as %s', (text, days) => {
    expect(parseQuietDays(text)).toBe(days)
  })
})

describe('filtered, changed, cleared', () => {
  test('the order and the threshold alone narrow nothing; the threshold is still a change', () => {
    const sorted = { ...DEFAULT_FILTER, sort: { field: 'quiet' as const, descending: true } }
    expect(isFiltered(sorted)).toBe(false)
    expect(isChanged(sorted)).toBe(false)
    expect(isFiltered({ ...DEFAULT_FILTER, quietDays: 5 })).toBe(false)
    expect(isChanged({ ...DEFAULT_FILTER, quietDays: 5 })).toBe(true)
    expect(isFiltered({ ...DEFAULT_FILTER, slippingOnly: true })).toBe(true)
  })

  test('clearing keeps the order', () => {
    const sort = { field: 'nextDue' as const, descending: false }
    expect(
      clearedFilter({ ...DEFAULT_FILTER, q: 'x', stages: ['open'], quietDays: 3, sort }),
    ).toEqual({ ...DEFAULT_FILTER, sort })
  })
})

describe('sorting by a column', () => {
  const client = { field: 'client' as const, descending: false }

  test('names and dates start ascending, then descending, then back to the default', () => {
    const first = nextSort(client, 'nextDue')
    expect(first).toEqual({ field: 'nextDue', descending: false })
    const second = nextSort(first, 'nextDue')
    expect(second).toEqual({ field: 'nextDue', descending: true })
    expect(nextSort(second, 'nextDue')).toEqual(client)
  })

  test('lateness and silence start worst first', () => {
    const first = nextSort(client, 'overdue')
    expect(first).toEqual({ field: 'overdue', descending: true })
    const second = nextSort(first, 'overdue')
    expect(second).toEqual({ field: 'overdue', descending: false })
    expect(nextSort(second, 'overdue')).toEqual(client)
    expect(nextSort(client, 'quiet')).toEqual({ field: 'quiet', descending: true })
  })

  test('the default column turns descending, then back', () => {
    expect(nextSort(client, 'client')).toEqual({ field: 'client', descending: true })
    expect(nextSort({ field: 'client', descending: true }, 'client')).toEqual(client)
  })
})

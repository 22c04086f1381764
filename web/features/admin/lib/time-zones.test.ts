import { describe, expect, test } from 'vitest'
import { searchTimeZones, timeZoneLabel, timeZones } from './time-zones'

describe('time zones', () => {
  test("the browser's IANA zones and UTC, sorted, each once", () => {
    const zones = timeZones()
    expect(zones).toContain('UTC')
    expect(zones).toContain('Europe/Berlin')
    expect(new Set(zones).size).toBe(zones.length)
    expect([...zones].sort((a, b) => a.localeCompare(b))).toEqual(zones)
  })

  test('found by the words of their name, spaces for underscores, any case', () => {
    expect(searchTimeZones('new york', 50).zones).toEqual(['America/New_York'])
    expect(searchTimeZones('EUROPE ber', 50).zones).toEqual(['Europe/Berlin'])
    expect(searchTimeZones('no such place', 50)).toEqual({ zones: [], more: false })
  })

  test('at most the limit, saying when more matched', () => {
    const { zones, more } = searchTimeZones('america', 5)
    expect(zones).toHaveLength(5)
    expect(more).toBe(true)
    expect(searchTimeZones('', 1000).zones).toEqual(timeZones())
  })

  test('a label reads the name and the offset now', () => {
    expect(timeZoneLabel('UTC')).toMatch(/^UTC \(GMT(\+0)?\)$/)
    expect(timeZoneLabel('America/New_York')).toMatch(/^America\/New York \(GMT-[45]\)$/)
    // A zone this runtime does not know is named as it is.
    expect(timeZoneLabel('Mars/Olympus_Mons')).toBe('Mars/Olympus Mons')
  })
})

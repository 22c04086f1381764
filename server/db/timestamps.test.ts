import { describe, expect, it } from 'vitest'
import { isoFromDatabase } from './timestamps'

describe('isoFromDatabase', () => {
  it('writes what Date.toISOString writes, for every form of the database’s text', () => {
    const cases: Array<[string, string]> = [
      ['2026-11-26 22:32:26.835123+00', '2026-11-26T22:32:26.835Z'],
      ['2026-11-26 22:32:26.8+00', '2026-11-26T22:32:26.800Z'],
      ['2026-11-26 22:32:26.83+00', '2026-11-26T22:32:26.830Z'],
      ['2026-11-26 22:32:26+00', '2026-11-26T22:32:26.000Z'],
      ['2026-01-01 00:00:00.999999+00', '2026-01-01T00:00:00.999Z'],
      // Another time zone's offset goes through Date.
      ['2026-11-26 23:32:26.5+01', '2026-11-26T22:32:26.500Z'],
      ['2026-11-26 17:02:26.5-05:30', '2026-11-26T22:32:26.500Z'],
    ]
    for (const [text, iso] of cases) {
      expect(isoFromDatabase(text), text).toBe(iso)
      expect(isoFromDatabase(text)).toBe(
        new Date(
          text
            .replace(' ', 'T')
            .replace(/(\.\d{3})\d+/, '$1')
            .replace(/([+-]\d{2})$/, '$1:00'),
        ).toISOString(),
      )
    }
    expect(isoFromDatabase(new Date('2026-11-26T22:32:26.835Z'))).toBe('2026-11-26T22:32:26.835Z')
  })

  it('reads JSON’s spelling of a timestamp the same way (lists read as JSON rows, decision 052)', () => {
    const cases: Array<[string, string]> = [
      ['2026-11-26T22:32:26.835123+00:00', '2026-11-26T22:32:26.835Z'],
      ['2026-11-26T22:32:26.8+00:00', '2026-11-26T22:32:26.800Z'],
      ['2026-11-26T22:32:26.83+00:00', '2026-11-26T22:32:26.830Z'],
      ['2026-11-26T22:32:26+00:00', '2026-11-26T22:32:26.000Z'],
      ['2026-01-01T00:00:00.999999+00:00', '2026-01-01T00:00:00.999Z'],
      ['2026-11-26T23:32:26.5+01:00', '2026-11-26T22:32:26.500Z'],
    ]
    for (const [text, iso] of cases) expect(isoFromDatabase(text), text).toBe(iso)
  })
})

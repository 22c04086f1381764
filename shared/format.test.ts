import { describe, expect, it } from 'vitest'
import { formatDay, formatDayTime, formatSize, fullName } from './format'
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

describe('formatDay and formatDayTime', () => {
  const at = new Date('2026-11-29T23:30:00Z')

  it('month first or day first, with the same month names and clock', () => {
    expect(formatDay(at, 'month-first', 'UTC')).toBe('Nov 29, 2026')
    expect(formatDay(at, 'day-first', 'UTC')).toBe('29 Nov 2026')
    expect(formatDayTime(at, 'month-first', 'UTC')).toMatch(/^Nov 29, 2026, 11:30\sPM$/)
    expect(formatDayTime(at, 'day-first', 'UTC')).toMatch(/^29 Nov 2026, 11:30\sPM$/)
    expect(formatDay(new Date('2026-09-01T12:00:00Z'), 'day-first', 'UTC')).toBe('1 Sep 2026')
  })

  it('the day is read in the time zone given', () => {
    expect(formatDay(at, 'day-first', 'Europe/Berlin')).toBe('30 Nov 2026')
    expect(formatDayTime(at, 'day-first', 'Europe/Berlin')).toMatch(/^30 Nov 2026, 12:30\sAM$/)
    expect(formatDay(at, 'month-first', 'America/New_York')).toBe('Nov 29, 2026')
  })

  it('month first is exactly what the app showed before the setting (en-US, medium)', () => {
    for (const zone of ['UTC', 'Asia/Kolkata', 'America/Los_Angeles']) {
      for (let day = 0; day < 366; day += 7) {
        const when = new Date(Date.UTC(2026, 0, 1, 17, 45) + day * 86_400_000)
        const medium = (timeStyle?: 'short') =>
          new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle, timeZone: zone })
        expect(formatDay(when, 'month-first', zone)).toBe(medium().format(when))
        expect(formatDayTime(when, 'month-first', zone)).toBe(medium('short').format(when))
      }
    }
  })
})

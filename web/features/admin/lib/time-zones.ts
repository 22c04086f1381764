let zones: readonly string[] | undefined

/** The IANA time zones this browser knows (Europe/Berlin…), with UTC, sorted. */
export function timeZones(): readonly string[] {
  zones ??= [...new Set([...Intl.supportedValuesOf('timeZone'), 'UTC'])].sort((a, b) =>
    a.localeCompare(b),
  )
  return zones
}

const offsets = new Map<string, string>()

/** The zone's offset from UTC now, as the browser writes it ("GMT+1"); empty when unknown. */
export function timeZoneOffset(zone: string, now = new Date()): string {
  let offset = offsets.get(zone)
  if (offset === undefined) {
    try {
      offset =
        new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' })
          .formatToParts(now)
          .find((part) => part.type === 'timeZoneName')?.value ?? ''
    } catch {
      offset = ''
    }
    offsets.set(zone, offset)
  }
  return offset
}

/** How a zone reads in a list: "America/New York (GMT-5)". */
export function timeZoneLabel(zone: string): string {
  const offset = timeZoneOffset(zone)
  const name = zone.replaceAll('_', ' ')
  return offset ? `${name} (${offset})` : name
}

const normalize = (text: string) => text.toLowerCase().replaceAll('_', ' ')

/**
 * The zones whose name holds every word of `search` ("new york", "berlin", "europe/par"), at most
 * `limit`, and whether more matched.
 */
export function searchTimeZones(search: string, limit: number) {
  const words = normalize(search).split(/\s+/).filter(Boolean)
  const matches = timeZones().filter((zone) => {
    const name = normalize(zone)
    return words.every((word) => name.includes(word))
  })
  return { zones: matches.slice(0, limit), more: matches.length > limit }
}

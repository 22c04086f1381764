const decimals = (digits: number) =>
  new Intl.NumberFormat('en-US', { maximumFractionDigits: digits })

/** "0.5", "2.5", "12": one decimal below ten, whole numbers above. */
const amount = (value: number) => decimals(value < 10 ? 1 : 0).format(value)

/**
 * A duration in hours as a person reads it: "45 min", "5 h", "2.5 days"; an em dash for none
 * (a median of nothing).
 */
export function formatHours(hours: number | null): string {
  if (hours === null) return '—'
  if (hours < 1) {
    const minutes = Math.round(hours * 60)
    return minutes < 1 ? 'under 1 min' : `${minutes} min`
  }
  if (hours < 24) return `${amount(hours)} h`
  const days = amount(hours / 24)
  return `${days} ${days === '1' ? 'day' : 'days'}`
}

/**
 * `part` of `whole` as a whole percentage, or null when there is no whole. Never 0% when there is
 * some of it, nor 100% when some is missing: "done" must not be rounded up.
 */
export function percentOf(part: number, whole: number): number | null {
  if (whole <= 0) return null
  const percent = Math.round((part / whole) * 100)
  if (part > 0 && percent === 0) return 1
  if (part < whole && percent === 100) return 99
  return percent
}

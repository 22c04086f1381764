const UNITS = ['KB', 'MB', 'GB'] as const

/** A byte count for people: "512 bytes", "1.5 KB", "24 MB" (1 KB = 1024 bytes). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return bytes === 1 ? '1 byte' : `${bytes} bytes`
  let value = bytes / 1024
  let unit = 0
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024
    unit += 1
  }
  const rounded = value < 10 ? Math.round(value * 10) / 10 : Math.round(value)
  return `${rounded.toLocaleString()} ${UNITS[unit]}`
}

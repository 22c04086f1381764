/** How a person is named everywhere: "Ada Lovelace". */
export const fullName = (user: { firstName: string; lastName: string }) =>
  `${user.firstName} ${user.lastName}`.trim()

const UNITS = ['KB', 'MB', 'GB'] as const

/**
 * A byte count for people, the same in messages from the server and in the interface: "1 byte",
 * "512 bytes", "10.5 MB", "25 MB" (1 KB = 1024 bytes, one decimal at most).
 */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return bytes === 1 ? '1 byte' : `${bytes} bytes`
  let value = bytes / 1024
  let unit = 0
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024
    unit += 1
  }
  return `${Number(value.toFixed(1))} ${UNITS[unit]}`
}

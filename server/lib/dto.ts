/** Timestamps go out as ISO 8601 strings. */
export function iso(value: Date): string
export function iso(value: Date | null): string | null
export function iso(value: Date | null) {
  return value?.toISOString() ?? null
}

/** A row's createdAt and updatedAt as ISO strings. */
export function withIsoDates<T extends { createdAt: Date; updatedAt: Date }>(row: T) {
  return { ...row, createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) }
}

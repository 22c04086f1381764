import { ERROR_CODES, type ErrorCode, type FieldError } from '@shared/errors'

/** The one way the server refuses a request: a code from shared/errors.ts and a user-facing message. */
export class AppError extends Error {
  readonly statusCode: number

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message)
    this.statusCode = ERROR_CODES[code]
  }
}

export const notFound = (what = 'Resource') => new AppError('NOT_FOUND', `${what} not found`)

/**
 * A foreign key refused the change, possibly wrapped by the driver or Drizzle: 23503, or 23001
 * (restrict_violation), which PostgreSQL raises for ON DELETE RESTRICT.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth++
  ) {
    if (e.code === '23503' || e.code === '23001') return true
  }
  return false
}

/** A unique index refused the change (23505), possibly wrapped by the driver or Drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth++
  ) {
    if (e.code === '23505') return true
  }
  return false
}

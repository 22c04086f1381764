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

/** The error and the causes it wraps (drivers and Drizzle wrap them), nearest first. */
export function* causeChain(error: unknown): Generator<{ code?: unknown; message?: unknown }> {
  let e = error as { code?: unknown; cause?: unknown } | undefined
  for (let depth = 0; e && depth < 4; depth++, e = e.cause as typeof e) yield e
}

/** Whether the error, or one it wraps, carries one of these codes (SQLSTATE or Node's). */
export function hasErrorCode(error: unknown, codes: readonly string[]): boolean {
  for (const e of causeChain(error))
    if (typeof e.code === 'string' && codes.includes(e.code)) return true
  return false
}

/**
 * A foreign key refused the change: 23503, or 23001 (restrict_violation), which PostgreSQL raises
 * for ON DELETE RESTRICT.
 */
export const isForeignKeyViolation = (error: unknown) => hasErrorCode(error, ['23503', '23001'])

/** A unique index refused the change (23505). */
export const isUniqueViolation = (error: unknown) => hasErrorCode(error, ['23505'])

/** PostgreSQL cancelled the statement (57014): it ran past DATABASE_STATEMENT_TIMEOUT_SECONDS. */
export const isStatementTimeout = (error: unknown) => hasErrorCode(error, ['57014'])

/**
 * The disk is full (ENOSPC) or the user's quota on it is (EDQUOT): the uploaded files, the mail
 * outbox, or the database (PostgreSQL's disk_full, 53100, which the embedded database raises too).
 */
export const isStorageFull = (error: unknown) => hasErrorCode(error, ['ENOSPC', 'EDQUOT', '53100'])

/** A 400 naming the field at fault, for rules a schema cannot check (another row must exist). */
export const fieldError = (path: string, message: string) =>
  new AppError('VALIDATION', message, [{ path, message }])

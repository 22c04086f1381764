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

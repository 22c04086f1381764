// Error codes shared by the server (which throws them) and the web client (which reads them).
export const ERROR_CODES = {
  VALIDATION: 400,
  BAD_REQUEST: 400,
  INVALID_TOKEN: 400,
  CAPTCHA_FAILED: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  EMAIL_NOT_VERIFIED: 403,
  MFA_SETUP_REQUIRED: 403,
  SSO_REQUIRED: 403,
  NOT_FOUND: 404,
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  HEADERS_TOO_LARGE: 431,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  STORAGE_FULL: 507,
} as const

export type ErrorCode = keyof typeof ERROR_CODES

export interface FieldError {
  path: string
  message: string
}

/** The one error body every API failure answers with. */
export interface ApiErrorBody {
  message: string
  code: ErrorCode
  errors?: FieldError[]
}

// Lists and numbers from the product spec (sections 3 and 9).

export const COMPANY_SIZES = [
  '1-10 employees',
  '11-50 employees',
  '51-200 employees',
  '201-500 employees',
  '501-1000 employees',
  '1000+ employees',
] as const

export const INDUSTRIES = [
  'Technology',
  'Financial Services',
  'Healthcare',
  'Manufacturing',
  'Retail',
  'Professional Services',
  'Government',
  'Education',
  'Non-profit',
  'Other',
] as const

/** admin: the firm's administrators; staff: the firm's other people; client: a client's user. */
export const ROLES = ['admin', 'staff', 'client'] as const

/** The company's order of day and month, in the app and its e-mails: "Nov 29, 2026" or "29 Nov 2026". */
export const DATE_FORMATS = ['month-first', 'day-first'] as const
export type DateFormat = (typeof DATE_FORMATS)[number]
export const DEFAULT_DATE_FORMAT: DateFormat = 'month-first'

export const PASSWORD_MIN_LENGTH = 6
export const PASSWORD_MAX_LENGTH = 128

export const VERIFY_EMAIL_TTL_MS = 60 * 60 * 1000
export const RESET_PASSWORD_TTL_MS = 60 * 60 * 1000
export const INVITATION_TTL_DAYS = 7
export const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000
export const REDIRECT_AFTER_VERIFY_MS = 3000
export const REDIRECT_AFTER_FORGOT_MS = 3000

export const TOAST_DURATION_MS = 5000
export const TOAST_REMOVE_DELAY_MS = 1_000_000
export const TOAST_HOTKEY = 'F8'
export const TOAST_SWIPE_THRESHOLD_PX = 50

export const MOBILE_BREAKPOINT_PX = 768
export const SIDEBAR_COOKIE_NAME = 'sidebar_state'
export const SIDEBAR_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 7
export const SIDEBAR_WIDTH = '16rem'
export const SIDEBAR_WIDTH_MOBILE = '18rem'
export const SIDEBAR_WIDTH_ICON = '3rem'
export const SIDEBAR_SHORTCUT_KEY = 'b'

export const TOOLTIP_DELAY_MS = 700
export const TOOLTIP_SKIP_DELAY_MS = 300

export const THEME_STORAGE_KEY = 'theme'
export const REGISTERED_EMAIL_STORAGE_KEY = 'registrationEmail'

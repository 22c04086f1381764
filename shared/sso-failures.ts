// Without zod: the login page's initial JS reads these.

/** The messages the login page shows after a failed single sign-on, by `?sso=` code. */
export const SSO_FAILURES = {
  unknown_domain: 'Single sign-on is not set up for this email address.',
  expired: 'Your single sign-on took too long or was already used. Please try again.',
  refused: 'Your identity provider did not sign you in.',
  unverified_email: 'Your identity provider has not verified your email address.',
  no_account: 'There is no account for this email address. Ask your firm’s admin to invite you.',
  wrong_company: 'This identity provider cannot sign in this account.',
  unavailable: 'Your identity provider could not be reached. Please try again later.',
} as const
export type SsoFailure = keyof typeof SSO_FAILURES

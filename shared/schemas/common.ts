import { z } from 'zod'

export const LIMITS = {
  name: 200,
  email: 254,
  phone: 50,
  address: 500,
  description: 5000,
  /** A request's or item's section ("3 Cash and bank") and reference ("3.1"). */
  section: 100,
  reference: 20,
} as const

/** PostgreSQL text cannot hold U+0000: refuse it here rather than fail in the database. */
const storable = (value: string) => !value.includes('\u0000')

/** A required line of text: trimmed, not empty, capped. */
export const requiredText = (label: string, max: number = LIMITS.name) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(storable, `${label} cannot contain NUL characters`)

/** A web address (a scheme or `www.`) or an e-mail address anywhere in a text. */
// Linear in the text's length (bounded repetitions, no overlapping ones): a 100,000-character name
// took 32 s of CPU with unbounded `[^\s@]+@…` and `[a-z][…]*://`.
const LINK_LIKE = /[a-z][a-z0-9+.-]{0,30}:\/\/|\bwww\.|[^\s@]@[^\s@.]+\.[^\s@.]/i

/**
 * A person's or a company's name: as requiredText, and no web or e-mail address, because names
 * go into the app's mails, where a mail client would make such text a link.
 */
export const nameText = (label: string, max: number = LIMITS.name) =>
  requiredText(label, max).refine(
    // Too long is refused already: not searched.
    (value) => value.length > max || !LINK_LIKE.test(value),
    `${label} cannot contain a web or e-mail address`,
  )

/** Optional text: trimmed and capped; empty becomes null. */
export const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine(storable, `${label} cannot contain NUL characters`)
    .nullable()
    .transform((value) => (value ? value : null))

export const optionalEmail = z
  .string({ error: 'Email must be text' })
  .trim()
  .max(LIMITS.email, `Email must be at most ${LIMITS.email} characters`)
  .nullable()
  .transform((value) => (value ? value.toLowerCase() : null))
  .refine(
    (value) => value === null || z.email().safeParse(value).success,
    'Enter a valid email address',
  )

export const id = z.uuid({ error: 'Must be a valid id' })
export const idParams = z.strictObject({ id })

/** A real calendar date as YYYY-MM-DD (2025-02-30 is refused; so is year 0000, which PostgreSQL has not). */
export const calendarDate = z.iso
  .date({ error: 'Enter a real date as YYYY-MM-DD' })
  .refine((value) => !value.startsWith('0000'), 'Enter a real date as YYYY-MM-DD')

export const timestamps = { createdAt: z.string(), updatedAt: z.string() }

import { fieldError } from '../../lib/errors'

/**
 * What a new password may not be (ASVS 2.1.7, 2.1.9): one of the most common passwords (the
 * frequency-ranked list of @zxcvbn-ts/language-common, about 49,000 of them, shipped with the
 * app: no network call), nor the person's e-mail address or name. Lengths are the schema's.
 */

let commonList: Promise<Set<string>> | undefined

/** The list, read once, when first needed (it is decompressed on import). */
const commonPasswords = () =>
  (commonList ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common']),
  ))

export const PASSWORD_MESSAGES = {
  common: 'This password is one of the most commonly used: choose one that is harder to guess.',
  personal: 'Your password cannot be your e-mail address or your name.',
}

const squeezed = (text: string) => text.toLowerCase().replace(/\s+/g, '')

/** Why the password may not be used by this person, if it may not. */
export async function passwordProblem(
  password: string,
  person: { email: string; firstName?: string; lastName?: string },
): Promise<string | null> {
  const typed = squeezed(password)
  const common = await commonPasswords()
  if (common.has(typed) || common.has(password)) return PASSWORD_MESSAGES.common
  const { email, firstName = '', lastName = '' } = person
  const own = [
    email,
    email.split('@')[0]!,
    firstName,
    lastName,
    `${firstName}${lastName}`,
    `${lastName}${firstName}`,
  ]
    .map(squeezed)
    .filter((value) => value.length > 0)
  return own.includes(typed) ? PASSWORD_MESSAGES.personal : null
}

/** A 400 on `path` when the password may not be used by this person. */
export async function checkNewPassword(
  path: string,
  password: string,
  person: { email: string; firstName?: string; lastName?: string },
) {
  const problem = await passwordProblem(password, person)
  if (problem) throw fieldError(path, problem)
}

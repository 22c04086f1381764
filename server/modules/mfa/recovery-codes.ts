import { randomInt } from 'node:crypto'
import { RECOVERY_CODE_COUNT } from '@shared/schemas/mfa'
import { sha256 } from '../../lib/crypto'

// No 0/o, 1/l/i: read off paper and typed back without doubt. 10 characters: about 50 bits each.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'
const LENGTH = 10

/** A new set of recovery codes as shown once ("k7m2p-9xq4r"), with the hashes that are kept. */
export function newRecoveryCodes() {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join(
      '',
    )
    return `${chars.slice(0, 5)}-${chars.slice(5)}`
  })
  return { codes, hashes: codes.map(recoveryCodeHash) }
}

/** The kept hash of a code as typed: case, spaces and dashes do not matter. */
export const recoveryCodeHash = (code: string) => sha256(code.toLowerCase().replace(/[\s-]/g, ''))

import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import type { Db } from '../../db/client'
import { generatedSetting } from '../../db/settings'

const KEY_SETTING = 'mfa_encryption_key'
const VERSION = 'v1'

export interface SecretBox {
  seal(plain: string): Promise<string>
  open(sealed: string): Promise<string>
}

/**
 * AES-256-GCM for the second factors' secrets. The key is MFA_ENCRYPTION_KEY (then a copy of the
 * database alone reveals no secret), or one generated once and kept in the database for every
 * instance, read when first needed. Sealed: `v1.<iv>.<tag>.<ciphertext>`, base64url.
 */
export function secretBox(db: Db, configured: string | undefined): SecretBox {
  let loading: Promise<Buffer> | undefined
  const key = () =>
    (loading ??= (configured ? Promise.resolve(configured) : generatedSetting(db, KEY_SETTING))
      .then((material) => createHash('sha256').update(material).digest())
      .catch((error: unknown) => {
        loading = undefined
        throw error
      }))
  return {
    async seal(plain) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', await key(), iv)
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.')
    },
    async open(sealed) {
      const [version, iv, tag, body] = sealed.split('.')
      if (version !== VERSION || !iv || !tag || body === undefined)
        throw new Error('not a sealed secret')
      const decipher = createDecipheriv('aes-256-gcm', await key(), Buffer.from(iv, 'base64url'))
      decipher.setAuthTag(Buffer.from(tag, 'base64url'))
      return Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8')
    },
  }
}

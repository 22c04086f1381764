import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto'
import { isoCBOR } from '@simplewebauthn/server/helpers'

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url')
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest()

const FLAG_USER_PRESENT = 0x01
const FLAG_USER_VERIFIED = 0x04
const FLAG_ATTESTED_CREDENTIAL = 0x40

interface CreationOptions {
  challenge: string
  rp: { id?: string }
  user: { id: string }
}
interface RequestOptions {
  challenge: string
  rpId?: string
  allowCredentials?: Array<{ id: string }>
}

/**
 * A software authenticator for server tests: it makes a P-256 key pair per credential and answers
 * WebAuthn ceremonies as a browser with a platform authenticator would (attestation "none", user
 * verified), so the server's checks run in full on real signatures. The browser tests use
 * Chromium's virtual authenticator instead.
 */
export function softwareAuthenticator(options: { origin: string; rpId?: string }) {
  const rpId = options.rpId ?? new URL(options.origin).hostname
  const credentials = new Map<
    string,
    { privateKey: KeyObject; userHandle: string; counter: number }
  >()

  const authenticatorData = (flags: number, counter: number, attested?: Uint8Array) => {
    const count = Buffer.alloc(4)
    count.writeUInt32BE(counter)
    return Buffer.concat([
      sha256(rpId),
      Buffer.from([flags]),
      count,
      ...(attested ? [attested] : []),
    ])
  }
  const clientData = (type: string, challenge: string, origin = options.origin) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }))

  return {
    credentialIds: () => [...credentials.keys()],

    /** `navigator.credentials.create()`: a new credential for the options' user. */
    create(creation: CreationOptions, tamper: { origin?: string; userVerified?: boolean } = {}) {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      const jwk = publicKey.export({ format: 'jwk' })
      const coseKey = new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ])
      const credentialId = randomBytes(16)
      const length = Buffer.alloc(2)
      length.writeUInt16BE(credentialId.length)
      const attested = Buffer.concat([
        Buffer.alloc(16),
        length,
        credentialId,
        isoCBOR.encode(coseKey),
      ])
      const flags =
        FLAG_USER_PRESENT |
        (tamper.userVerified === false ? 0 : FLAG_USER_VERIFIED) |
        FLAG_ATTESTED_CREDENTIAL
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authenticatorData(flags, 0, attested)],
        ]) as never,
      )
      const id = b64url(credentialId)
      credentials.set(id, { privateKey, userHandle: creation.user.id, counter: 0 })
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', creation.challenge, tamper.origin)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      }
    },

    /** `navigator.credentials.get()` with the given credential (the first one by default). */
    get(
      request: RequestOptions,
      use: { credentialId?: string; origin?: string; challenge?: string } = {},
    ) {
      const id = use.credentialId ?? [...credentials.keys()][0]
      const credential = id ? credentials.get(id) : undefined
      if (!id || !credential) throw new Error('the authenticator holds no such credential')
      credential.counter += 1
      const data = authenticatorData(FLAG_USER_PRESENT | FLAG_USER_VERIFIED, credential.counter)
      const client = clientData('webauthn.get', use.challenge ?? request.challenge, use.origin)
      const signature = sign('sha256', Buffer.concat([data, sha256(client)]), credential.privateKey)
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(client),
          authenticatorData: b64url(data),
          signature: b64url(signature),
          userHandle: credential.userHandle,
        },
        clientExtensionResults: {},
      }
    },
  }
}

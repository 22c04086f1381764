import { hash, verify } from '@node-rs/argon2'

// OWASP's argon2id minimum: 19 MiB, 2 iterations, 1 lane.
// algorithm 2 is Argon2id (a const enum in the package's types).
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 }

let dummyHash: Promise<string> | undefined

/** Called through this object so that tests can count hasher runs. */
export const passwords = {
  hash: (password: string) => hash(password, options),
  verify: (storedHash: string, password: string) => verify(storedHash, password),
  /** A real hash to verify against when the account does not exist, so both paths cost the same. */
  dummyHash: () => (dummyHash ??= hash('not-a-real-password', options)),
}

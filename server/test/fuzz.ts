import type fc from 'fast-check'

/** A "__proto__" or "constructor" key, as JSON.stringify writes one (a string value never matches). */
const POISONED_KEY = /"(__proto__|constructor)":/

/**
 * Leaves out generated values with a "__proto__" or "constructor" key anywhere (fast-check's
 * strings are biased towards such names). Fastify's JSON parser refuses prototype-poisoning bodies
 * as a whole, 400 before validation and with no field named (plugins/security.test.ts covers it):
 * a different path from the one the fuzzing properties describe.
 */
export const withoutPoisonedKeys = <T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T> =>
  arbitrary.filter((value) => !POISONED_KEY.test(JSON.stringify(value) ?? ''))

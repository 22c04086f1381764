import fc from 'fast-check'

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

/**
 * A route's fields with arbitrary values, any of them missing, sometimes with one or two extra
 * keys: names a client might try to set (`extraKeys`) or any string.
 */
export function looseRecord(fields: Record<string, fc.Arbitrary<unknown>>, extraKeys: string[]) {
  const extraKey = fc.oneof(
    fc.constantFrom(...extraKeys),
    fc.string({ minLength: 1, maxLength: 12 }),
  )
  return withoutPoisonedKeys(
    fc
      .tuple(
        fc.record(fields, { requiredKeys: [] }),
        fc.oneof(
          { weight: 3, arbitrary: fc.constant({}) },
          {
            weight: 1,
            arbitrary: fc.dictionary(extraKey, fc.jsonValue({ maxDepth: 1 }), {
              minKeys: 1,
              maxKeys: 2,
            }),
          },
        ),
      )
      .map(([record, extra]) => ({ ...extra, ...record })),
  )
}

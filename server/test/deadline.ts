/**
 * The promise's value, or a failure if it has not settled within `ms`: for "it answers at all"
 * while a dependency is frozen. Not a performance assertion; keep `ms` generous.
 */
export function answersWithin<T>(promise: Promise<T>, ms = 5_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  return Promise.race([promise, late]).finally(() => clearTimeout(timer))
}

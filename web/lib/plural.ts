/** "1 request", "3 requests": a count with its noun in the right number. */
export const countOf = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`

import { fieldError } from './errors'

/**
 * Where a section's rows go when it moves whole (a template's items, an audit's requests): every
 * row of `section`, in its order, just before the first row of `before` (null: last). The 400s
 * name the field at fault; `owner` says whose sections ("template", "audit").
 */
export function sectionMove<T extends { section: string | null }>(
  rows: readonly T[],
  { section, before }: { section: string; before: string | null },
  owner: string,
) {
  if (before === section) throw fieldError('before', 'A section cannot move before itself')
  const moving = rows.filter((row) => row.section === section)
  if (moving.length === 0) throw fieldError('section', `This ${owner} has no such section`)
  const rest = rows.filter((row) => row.section !== section)
  const at = before === null ? rest.length : rest.findIndex((row) => row.section === before)
  if (at < 0) throw fieldError('before', `This ${owner} has no such section`)
  return { moving, rest, at, ordered: [...rest.slice(0, at), ...moving, ...rest.slice(at)] }
}

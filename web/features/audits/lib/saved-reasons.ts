/**
 * The reasons this browser's user gave before, per kind ("return", "not_applicable"), most
 * recent first: a reviewer returns the same few things ("The signature page is missing") all
 * day. Kept in localStorage; nothing breaks when it is full, disabled or holds something else.
 */
const KEY = (kind: string) => `auditdesk.reasons.${kind}`
export const SAVED_REASONS_MAX = 5

export function savedReasons(kind: string): string[] {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(KEY(kind)) ?? '[]')
    return Array.isArray(value)
      ? value.filter((each): each is string => typeof each === 'string').slice(0, SAVED_REASONS_MAX)
      : []
  } catch {
    return []
  }
}

export function saveReason(kind: string, reason: string) {
  const text = reason.trim()
  if (!text) return
  const kept = [text, ...savedReasons(kind).filter((each) => each !== text)].slice(
    0,
    SAVED_REASONS_MAX,
  )
  try {
    window.localStorage.setItem(KEY(kind), JSON.stringify(kept))
  } catch {
    // Storage full or disabled: the reason is simply not offered next time.
  }
}

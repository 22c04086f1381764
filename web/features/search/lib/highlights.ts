/** A piece of a snippet: plain text, or words the search found (shown marked). */
export interface SnippetPart {
  text: string
  found: boolean
}

/**
 * Cuts `text` at the server's `[start, end)` offsets into plain and found parts, in order. Ranges
 * out of bounds are clipped, empty ones dropped, overlapping or touching ones joined: whatever the
 * offsets say, the parts put together are `text` again.
 */
export function splitHighlights(text: string, ranges: readonly (readonly [number, number])[]) {
  const clipped = ranges
    .map(([start, end]) => [Math.max(0, start), Math.min(text.length, end)] as const)
    .filter(([start, end]) => start < end)
    .sort((a, b) => a[0] - b[0])

  const merged: [number, number][] = []
  for (const [start, end] of clipped) {
    const last = merged.at(-1)
    if (last && start <= last[1]) last[1] = Math.max(last[1], end)
    else merged.push([start, end])
  }

  const parts: SnippetPart[] = []
  let at = 0
  for (const [start, end] of merged) {
    if (start > at) parts.push({ text: text.slice(at, start), found: false })
    parts.push({ text: text.slice(start, end), found: true })
    at = end
  }
  if (at < text.length) parts.push({ text: text.slice(at), found: false })
  return parts
}

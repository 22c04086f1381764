const PIECE_CHARS = 64 * 1024

/**
 * Text gathered piece by piece and normalised as it comes (NUL and the U+E000/U+E001 markers
 * removed, each whitespace run one space, or one newline when it breaks a line), so that a reader
 * knows when it has enough and can stop.
 */
export class TextCollector {
  private readonly parts: string[] = []
  private length = 0

  constructor(private readonly maxChars: number) {}

  /** More than maxChars are in: whatever follows would be cut. */
  get full() {
    return this.length > this.maxChars
  }

  add(raw: string) {
    for (let at = 0; at < raw.length && !this.full; at += PIECE_CHARS)
      this.append(raw.slice(at, at + PIECE_CHARS))
  }

  private append(raw: string) {
    let text = collapse(raw)
    const last = this.parts.at(-1)?.at(-1)
    if (/^\s/.test(text) && (last === undefined || /\s/.test(last))) {
      if (text[0] === '\n' && last === ' ') this.parts.push(this.parts.pop()!.slice(0, -1) + '\n')
      text = text.slice(1)
    }
    if (!text) return
    this.parts.push(text)
    this.length += text.length
  }

  text() {
    const text = this.parts.join('').trimEnd()
    if (text.length <= this.maxChars) return text
    return text
      .slice(0, this.maxChars)
      .replace(/[\uD800-\uDBFF]$/, '')
      .trimEnd()
  }
}

function collapse(text: string) {
  return text
    .replace(/[\0\uE000\uE001]/g, '')
    .replace(/\s+/g, (run) => (/[\n\r\v\f\u2028\u2029]/.test(run) ? '\n' : ' '))
}

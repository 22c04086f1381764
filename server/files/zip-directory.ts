/**
 * The names a ZIP archive lists, read from its central directory: the list extractors (Windows,
 * macOS, 7-Zip, unzip) show and extract by. The directory sits at the end of the archive, so the
 * archive's last bytes are kept as they stream past, no more than a directory of
 * ZIP_DIRECTORY_MAX_BYTES needs.
 */

export const ZIP_DIRECTORY_MAX_BYTES = 1024 * 1024

const END = 0x06054b50
const END_SIZE = 22
const MAX_COMMENT = 0xffff
const ZIP64_LOCATOR = 0x07064b50
const ZIP64_LOCATOR_SIZE = 20
const ZIP64_END = 0x06064b50
const ZIP64_END_SIZE = 56
const ENTRY = 0x02014b50
const ENTRY_SIZE = 46
const UTF8_NAMES = 0x0800
const UNICODE_PATH = 0x7075

export type ZipDirectory =
  /** `unpackedBytes`: the entries' sizes once extracted, as the directory says (summed). */
  | { names: string[]; unpackedBytes: number }
  /** `unreadable`: no end record, or a directory that does not parse; `too-long`: over the cap. */
  | { problem: 'unreadable' | 'too-long' }

const unreadable = { problem: 'unreadable' } as const

/** Keeps the last bytes of a stream, enough for a ZIP's end records and a capped directory. */
export class ZipTail {
  private chunks: Buffer[] = []
  private kept = 0
  private total = 0
  private readonly keep =
    ZIP_DIRECTORY_MAX_BYTES + ZIP64_END_SIZE + ZIP64_LOCATOR_SIZE + END_SIZE + MAX_COMMENT

  update(chunk: Buffer) {
    this.chunks.push(chunk)
    this.kept += chunk.length
    this.total += chunk.length
    while (this.kept - this.chunks[0]!.length >= this.keep) this.kept -= this.chunks.shift()!.length
  }

  /**
   * The names of the archive's entries (and their Unicode path, when one is given apart), and how
   * large they say they are once unpacked.
   */
  directory(): ZipDirectory {
    const tail = Buffer.concat(this.chunks)
    const base = this.total - tail.length
    // The end record is the last one whose comment fits before the end (as unzip finds it).
    let end = -1
    for (
      let at = tail.length - END_SIZE;
      at >= 0 && at >= tail.length - END_SIZE - MAX_COMMENT;
      at--
    )
      if (
        tail.readUInt32LE(at) === END &&
        at + END_SIZE + tail.readUInt16LE(at + 20) <= tail.length
      ) {
        end = at
        break
      }
    if (end < 0 || tail.readUInt16LE(end + 4) !== 0 || tail.readUInt16LE(end + 6) !== 0)
      return unreadable
    let count = tail.readUInt16LE(end + 10)
    let size = tail.readUInt32LE(end + 12)
    let offset = tail.readUInt32LE(end + 16)
    let directoryEnd = end
    if (count === 0xffff || size === 0xffff_ffff || offset === 0xffff_ffff) {
      const locator = end - ZIP64_LOCATOR_SIZE
      if (locator < 0 || tail.readUInt32LE(locator) !== ZIP64_LOCATOR) return unreadable
      const record = Number(tail.readBigUInt64LE(locator + 8)) - base
      if (
        record < 0 ||
        record + ZIP64_END_SIZE > locator ||
        tail.readUInt32LE(record) !== ZIP64_END
      )
        return unreadable
      count = Number(tail.readBigUInt64LE(record + 32))
      size = Number(tail.readBigUInt64LE(record + 40))
      offset = Number(tail.readBigUInt64LE(record + 48))
      directoryEnd = record
    }
    if (size > base + directoryEnd) return unreadable
    if (size > ZIP_DIRECTORY_MAX_BYTES) return { problem: 'too-long' }
    const start = directoryEnd - size
    // Where it says the directory starts must be where it ends up: an extractor that trusts the
    // offset must read the same list as one that counts back from the end.
    if (start < 0 || base + start !== offset) return unreadable

    const names: string[] = []
    let unpackedBytes = 0
    let at = start
    while (at < directoryEnd) {
      if (at + ENTRY_SIZE > directoryEnd || tail.readUInt32LE(at) !== ENTRY) return unreadable
      const nameLength = tail.readUInt16LE(at + 28)
      const extraStart = at + ENTRY_SIZE + nameLength
      const extraEnd = extraStart + tail.readUInt16LE(at + 30)
      const next = extraEnd + tail.readUInt16LE(at + 32)
      if (next > directoryEnd) return unreadable
      // 0xffffffff: the size is in a ZIP64 field; more than this app unpacks, whatever it says.
      const unpacked = tail.readUInt32LE(at + 24)
      unpackedBytes += unpacked === 0xffff_ffff ? Number.MAX_SAFE_INTEGER : unpacked
      const utf8 = (tail.readUInt16LE(at + 8) & UTF8_NAMES) !== 0
      names.push(tail.toString(utf8 ? 'utf8' : 'latin1', at + ENTRY_SIZE, extraStart))
      for (let field = extraStart; field + 4 <= extraEnd;) {
        const length = tail.readUInt16LE(field + 2)
        // Info-ZIP's Unicode Path: a version byte and the CRC-32 of the main name, then the name.
        if (
          tail.readUInt16LE(field) === UNICODE_PATH &&
          length > 5 &&
          field + 4 + length <= extraEnd
        )
          names.push(tail.toString('utf8', field + 9, field + 4 + length))
        field += 4 + length
      }
      at = next
      count -= 1
    }
    // The 16-bit count of the classic end record wraps past 65,535 entries.
    return count === 0 || (directoryEnd === end && count % 0x10000 === 0)
      ? { names, unpackedBytes: Math.min(unpackedBytes, Number.MAX_SAFE_INTEGER) }
      : unreadable
  }
}

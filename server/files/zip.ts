import type { Readable } from 'node:stream'
import { crc32, createDeflateRaw } from 'node:zlib'

export interface ZipEntry {
  /** Path inside the archive, with `/` between folders. */
  name: string
  /**
   * The bytes: given at once, or opened when the entry is reached (streamed). An opener that
   * gives null leaves the entry out: it is called before anything of the entry is written.
   */
  data: Buffer | (() => Promise<Readable | null>)
}

const LIMIT = 0xffff_ffff

function dosDateTime(date: Date) {
  const time =
    (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | (date.getUTCSeconds() >> 1)
  const day =
    ((Math.max(date.getUTCFullYear(), 1980) - 1980) << 9) |
    ((date.getUTCMonth() + 1) << 5) |
    date.getUTCDate()
  return { time, day }
}

/**
 * A ZIP archive (deflate, UTF-8 names), written entry by entry so that it can be streamed: each
 * local header is followed by the compressed data and a data descriptor with the CRC-32 and sizes
 * found on the way; the central directory closes the archive. No ZIP64: up to 4 GB and 65,535
 * entries, beyond which it fails rather than writing a broken archive.
 */
export async function* zipStream(
  entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>,
  now: Date,
): AsyncGenerator<Buffer> {
  const { time, day } = dosDateTime(now)
  const central: Buffer[] = []
  let offset = 0
  let count = 0
  for await (const entry of entries) {
    const source = typeof entry.data === 'function' ? await entry.data() : null
    if (typeof entry.data === 'function' && !source) continue
    const name = Buffer.from(entry.name, 'utf8')
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4) // version needed
    local.writeUInt16LE(0x0808, 6) // bit 3: data descriptor; bit 11: UTF-8 names
    local.writeUInt16LE(8, 8) // deflate
    local.writeUInt16LE(time, 10)
    local.writeUInt16LE(day, 12)
    // CRC-32 and sizes stay 0 here: they follow the data, in the descriptor.
    local.writeUInt16LE(name.length, 26)
    yield Buffer.concat([local, name])
    const headerOffset = offset
    offset += local.length + name.length

    let crc = 0
    let size = 0
    let compressed = 0
    const deflate = createDeflateRaw()
    const feed = (async () => {
      if (source) {
        for await (const chunk of source as AsyncIterable<Buffer>) {
          crc = crc32(chunk, crc)
          size += chunk.length
          if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once('drain', resolve))
        }
      } else {
        const data = entry.data as Buffer
        crc = crc32(data, crc)
        size += data.length
        deflate.write(data)
      }
      deflate.end()
    })()
    feed.catch((error: unknown) => deflate.destroy(error as Error))
    for await (const chunk of deflate as AsyncIterable<Buffer>) {
      compressed += chunk.length
      yield chunk
    }
    await feed
    if (size > LIMIT || compressed > LIMIT || offset + compressed > LIMIT)
      throw new Error('ZIP archive too large (over 4 GB)')
    offset += compressed

    const descriptor = Buffer.alloc(16)
    descriptor.writeUInt32LE(0x08074b50, 0)
    descriptor.writeUInt32LE(crc >>> 0, 4)
    descriptor.writeUInt32LE(compressed, 8)
    descriptor.writeUInt32LE(size, 12)
    yield descriptor
    offset += descriptor.length

    const header = Buffer.alloc(46)
    header.writeUInt32LE(0x02014b50, 0)
    header.writeUInt16LE(20, 4) // made by
    header.writeUInt16LE(20, 6) // needed
    header.writeUInt16LE(0x0808, 8)
    header.writeUInt16LE(8, 10)
    header.writeUInt16LE(time, 12)
    header.writeUInt16LE(day, 14)
    header.writeUInt32LE(crc >>> 0, 16)
    header.writeUInt32LE(compressed, 20)
    header.writeUInt32LE(size, 24)
    header.writeUInt16LE(name.length, 28)
    header.writeUInt32LE(headerOffset, 42)
    central.push(header, name)
    count += 1
    if (count > 0xffff) throw new Error('ZIP archive has too many entries')
  }
  const directory = Buffer.concat(central)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(count, 8)
  end.writeUInt16LE(count, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  yield Buffer.concat([directory, end])
}

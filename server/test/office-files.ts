import { crc32 } from 'node:zlib'
import { zipStream, type ZipEntry } from '../files/zip'

/** A ZIP archive (deflated entries) written by the app's own ZIP writer. */
export async function zipArchive(entries: Array<{ name: string; data: Buffer }>) {
  const chunks: Buffer[] = []
  for await (const chunk of zipStream(entries satisfies ZipEntry[], new Date())) chunks.push(chunk)
  return Buffer.concat(chunks)
}

/**
 * A ZIP archive with stored (uncompressed) entries, as OpenDocument needs for its first entry,
 * `mimetype`, which names the document's type.
 */
export function storedZip(entries: Array<{ name: string; data: Buffer }>) {
  const locals: Buffer[] = []
  const central: Buffer[] = []
  let offset = 0
  for (const { name, data } of entries) {
    const nameBytes = Buffer.from(name, 'utf8')
    const crc = crc32(data) >>> 0
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(10, 4)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(data.length, 18)
    local.writeUInt32LE(data.length, 22)
    local.writeUInt16LE(nameBytes.length, 26)
    const header = Buffer.alloc(46)
    header.writeUInt32LE(0x02014b50, 0)
    header.writeUInt16LE(10, 4)
    header.writeUInt16LE(10, 6)
    header.writeUInt32LE(crc, 16)
    header.writeUInt32LE(data.length, 20)
    header.writeUInt32LE(data.length, 24)
    header.writeUInt16LE(nameBytes.length, 28)
    header.writeUInt32LE(offset, 42)
    locals.push(local, nameBytes, data)
    central.push(header, nameBytes)
    offset += local.length + nameBytes.length + data.length
  }
  const directory = Buffer.concat(central)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}

/**
 * An OLE compound file (the legacy .doc/.xls/.ppt and .msi container) whose directory, after
 * `padding` bytes of sectors, names these storages and streams: 128-byte entries with UTF-16 names.
 */
export function compoundFile(names: string[], padding = 0) {
  const header = Buffer.alloc(512)
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header)
  header.writeUInt16LE(0x3e, 24) // minor version
  header.writeUInt16LE(3, 26) // major version: 512-byte sectors
  header.writeUInt16LE(0xfffe, 28) // little-endian
  header.writeUInt16LE(9, 30) // sector shift
  const sectors = Buffer.alloc(padding, 0x11)
  const directory = names.map((name, index) => {
    const entry = Buffer.alloc(128)
    const utf16 = Buffer.from(name, 'utf16le')
    utf16.copy(entry)
    entry.writeUInt16LE(utf16.length + 2, 64)
    entry.writeUInt8(index === 0 ? 5 : 1, 66) // root, then storages
    return entry
  })
  return Buffer.concat([header, sectors, ...directory])
}

import { randomBytes } from 'node:crypto'

export interface UploadFile {
  name: string
  data: Buffer
  /** What the browser would declare; the server never trusts it. */
  type?: string
  field?: string
}

/** A multipart/form-data body as a browser sends it, with its content type. */
export function multipartBody(files: UploadFile[], fields: Record<string, string> = {}) {
  const boundary = `----auditdesk${randomBytes(8).toString('hex')}`
  const parts: Buffer[] = []
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    )
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'files'}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    )
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    payload: Buffer.concat(parts),
    contentType: `multipart/form-data; boundary=${boundary}`,
  }
}

/** Entries of a ZIP archive read through its central directory, each checked against its CRC-32. */
export async function readZip(zip: Buffer) {
  const { crc32, inflateRawSync } = await import('node:zlib')
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  if (end < 0) throw new Error('No end of central directory')
  const count = zip.readUInt16LE(end + 10)
  let at = zip.readUInt32LE(end + 16)
  const entries = new Map<string, Buffer>()
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('Bad central directory header')
    const method = zip.readUInt16LE(at + 10)
    const crc = zip.readUInt32LE(at + 16)
    const compressed = zip.readUInt32LE(at + 20)
    const size = zip.readUInt32LE(at + 24)
    const nameLength = zip.readUInt16LE(at + 28)
    const extra = zip.readUInt16LE(at + 30)
    const comment = zip.readUInt16LE(at + 32)
    const offset = zip.readUInt32LE(at + 42)
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength)
    if (zip.readUInt32LE(offset) !== 0x04034b50) throw new Error(`Bad local header for ${name}`)
    const start = offset + 30 + zip.readUInt16LE(offset + 26) + zip.readUInt16LE(offset + 28)
    const raw = zip.subarray(start, start + compressed)
    const data = method === 8 ? inflateRawSync(raw) : raw
    if (data.length !== size) throw new Error(`Size mismatch for ${name}`)
    if (crc32(data) >>> 0 !== crc) throw new Error(`CRC mismatch for ${name}`)
    entries.set(name, data)
    at += 46 + nameLength + extra + comment
  }
  return entries
}

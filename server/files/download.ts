import type { Readable } from 'node:stream'
import type { FastifyReply } from 'fastify'
import { attachment } from './names'

/** A file made for the caller (an export, a report), sent as a download, its type never sniffed. */
export function sendAttachment(
  reply: FastifyReply,
  contentType: string,
  { fileName, stream }: { fileName: string; stream: Readable },
) {
  return reply
    .header('Content-Type', contentType)
    .header('Content-Disposition', attachment(fileName))
    .header('X-Content-Type-Options', 'nosniff')
    .send(stream)
}

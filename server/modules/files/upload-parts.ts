import type { Multipart } from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import { uploadRefusals } from '@shared/uploads'
import { AppError, causeChain } from '../../lib/errors'

const NOT_MULTIPART = 'The upload is not valid multipart/form-data'

// RFC 2046, 5.1.1: 1 to 70 characters, spaces allowed but not last.
const BOUNDARY = /^[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]$/

function boundaryProblem(contentType: string | undefined) {
  const param = /;\s*boundary\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType ?? '')
  if (!param) return 'its boundary is missing'
  return BOUNDARY.test(param[1] ?? param[2] ?? '') ? undefined : 'its boundary is not valid'
}

/**
 * What the multipart parser (busboy, through @fastify/multipart) failed with, on the parts or on a
 * file's stream. Its errors carry no code or status: without this mark a body that ends before
 * its closing boundary would read as a failure of the server.
 */
const parserErrors = new WeakSet<object>()
const markParserError = (error: unknown) => {
  if (error && typeof error === 'object') parserErrors.add(error)
}

/**
 * The parts of an upload's body. A missing or malformed boundary is refused before any of it is
 * read (busboy would throw on it, or find no part at all); errors of the parser are marked for
 * uploadError.
 */
export async function* uploadParts(request: FastifyRequest): AsyncGenerator<Multipart> {
  const problem = boundaryProblem(request.headers['content-type'])
  if (problem) throw new AppError('BAD_REQUEST', `${NOT_MULTIPART}: ${problem}`)
  try {
    for await (const part of request.parts()) {
      try {
        yield part
      } finally {
        // Set when busboy destroyed the stream: no 'error' event reaches a stream being iterated.
        if (part.type === 'file' && part.file.errored) markParserError(part.file.errored)
      }
    }
  } catch (error) {
    markParserError(error)
    throw error
  }
}

/** An upload's failure in our words: multipart's own limits, and a body the parser could not read. */
export function uploadError(error: unknown, limits: { maxFiles: number; maxBytes: number }) {
  const code = (error as { code?: string }).code
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
    return new AppError('PAYLOAD_TOO_LARGE', `At most ${limits.maxFiles} files at once`)
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError('PAYLOAD_TOO_LARGE', uploadRefusals.tooLarge(limits.maxBytes))
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PROTO_VIOLATION')
    return new AppError('BAD_REQUEST', 'Send only files in this form')
  if (
    !(error instanceof AppError) &&
    (error as { statusCode?: unknown }).statusCode === undefined &&
    [...causeChain(error)].some((e) => parserErrors.has(e))
  )
    return new AppError(
      'BAD_REQUEST',
      `${NOT_MULTIPART}: it was cut short, or its parts do not match its boundary`,
    )
  return error
}

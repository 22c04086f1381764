import { preparedFilesApi } from '@shared/api/prepared-files'
import {
  preparedFileDto,
  type PrepareFileInput,
  type PreparedFile,
} from '@shared/schemas/prepared-files'
import type { ApiErrorBody } from '@shared/errors'
import { answer, refusal } from './api'
import { anId } from './fixtures'

/** A file being prepared, as POST /api/prepared-files answers: pending, nothing known yet. */
export function aPreparedFile(overrides: Partial<PreparedFile> = {}): PreparedFile {
  const id = overrides.id ?? anId()
  return preparedFileDto.parse({
    id,
    kind: 'audit.xlsx',
    status: 'pending',
    fileName: null,
    sizeBytes: null,
    createdAt: '2026-03-02T10:00:00.000Z',
    readyAt: null,
    expiresAt: null,
    error: null,
    url: `/api/prepared-files/${id}/download`,
    ...overrides,
  })
}

/**
 * Answers POST /api/prepared-files, keeping what was asked: the file pending, or the refusal
 * given. `hold` keeps the answer back until it resolves (to see the pending state).
 */
export function answerPrepare({
  refuse,
  hold,
}: { refuse?: { status: number; body: ApiErrorBody }; hold?: Promise<void> } = {}) {
  const asked: PrepareFileInput[] = []
  const handler = answer(preparedFilesApi.prepare, async ({ request }) => {
    const body = (await request.json()) as PrepareFileInput
    asked.push(body)
    await hold
    if (refuse) return refusal(refuse.status, refuse.body)
    return aPreparedFile({ kind: body.kind })
  })
  return { handler, asked }
}

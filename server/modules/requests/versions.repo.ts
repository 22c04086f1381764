import {
  and,
  asc,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  max,
  sql,
  type AnyColumn,
} from 'drizzle-orm'
import type { AnswerType, Signature } from '@shared/schemas/answers'
import type { Db } from '../../db/client'
import { idIn } from '../../db/id-in'
import { requestVersions } from '../../db/schema'
import { isUniqueViolation } from '../../lib/errors'

/** The queries of request_versions: each submission of an answer, and the one being prepared. */

/** The version being prepared (files uploaded, not submitted yet), if there is one. */
export async function pendingVersion(db: Db, requestId: string) {
  const [row] = await db
    .select({ id: requestVersions.id })
    .from(requestVersions)
    .where(and(eq(requestVersions.requestId, requestId), isNull(requestVersions.submittedAt)))
  return row?.id
}

async function nextNumber(db: Db, requestId: string) {
  const [last] = await db
    .select({ number: max(requestVersions.number) })
    .from(requestVersions)
    .where(eq(requestVersions.requestId, requestId))
  return (last?.number ?? 0) + 1
}

/** The version being prepared, created (number n+1) when the first file arrives. */
export async function ensurePendingVersion(db: Db, requestId: string, now: Date) {
  const existing = await pendingVersion(db, requestId)
  if (existing) return existing
  try {
    const [row] = await db
      .insert(requestVersions)
      .values({
        requestId,
        number: await nextNumber(db, requestId),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: requestVersions.id })
    return row!.id
  } catch (error) {
    if (isUniqueViolation(error)) {
      const raced = await pendingVersion(db, requestId)
      if (raced) return raced
    }
    throw error
  }
}

/**
 * The submission: fills in the version being prepared (the one the files were uploaded to), or
 * adds version n+1 when no file was uploaded.
 */
export async function submitVersion(
  db: Db,
  requestId: string,
  values: {
    response: string | null
    answerType: AnswerType
    answer: string | null
    signature: Signature | null
    by: { userId: string; name: string }
  },
  now: Date,
) {
  const submission = {
    response: values.response,
    answerType: values.answerType,
    answer: values.answer,
    signature: values.signature,
    submittedByUserId: values.by.userId,
    submittedByName: values.by.name,
    submittedAt: now,
    updatedAt: now,
  }
  const pending = await pendingVersion(db, requestId)
  if (pending) {
    await db.update(requestVersions).set(submission).where(eq(requestVersions.id, pending))
    return
  }
  await db
    .insert(requestVersions)
    .values({ requestId, number: await nextNumber(db, requestId), ...submission, createdAt: now })
}

/** The reason goes on the latest submitted version: the one being returned. */
export async function markLatestVersionReturned(
  db: Db,
  requestIds: string[],
  values: { reason: string; by: { userId: string; name: string } },
  now: Date,
) {
  // Each request's newest version, in one statement for any number of requests.
  const latest = db
    .selectDistinctOn([requestVersions.requestId], { id: requestVersions.id })
    .from(requestVersions)
    .where(idIn(requestVersions.requestId, requestIds))
    .orderBy(requestVersions.requestId, desc(requestVersions.number))
  await db
    .update(requestVersions)
    .set({
      returnedReason: values.reason,
      returnedByUserId: values.by.userId,
      returnedByName: values.by.name,
      returnedAt: now,
      updatedAt: now,
    })
    .where(inArray(requestVersions.id, latest))
}

/** A request's versions, oldest first. */
export function listVersions(db: Db, requestId: string) {
  return db
    .select({
      id: requestVersions.id,
      number: requestVersions.number,
      response: requestVersions.response,
      answerType: requestVersions.answerType,
      answer: requestVersions.answer,
      signature: requestVersions.signature,
      submittedBy: requestVersions.submittedByName,
      submittedAt: requestVersions.submittedAt,
      returnedReason: requestVersions.returnedReason,
      returnedBy: requestVersions.returnedByName,
      returnedAt: requestVersions.returnedAt,
    })
    .from(requestVersions)
    .where(eq(requestVersions.requestId, requestId))
    .orderBy(asc(requestVersions.number))
}

/** A column of the latest submitted version. */
const latest = <T>(column: AnyColumn) =>
  sql<T>`(array_agg(${column} order by ${requestVersions.number} desc))[1]`

/**
 * Per request: how many versions were submitted, and the latest submitted answer: its text, its
 * typed answer and signature.
 */
export async function submittedVersionSummaries(db: Db, requestIds: string[]) {
  if (requestIds.length === 0) return new Map<string, SubmittedSummary>()
  const rows = await db
    .select({
      requestId: requestVersions.requestId,
      count: sql<number>`count(*)::int`,
      response: latest<string | null>(requestVersions.response),
      answerType: latest<AnswerType>(requestVersions.answerType),
      answer: latest<string | null>(requestVersions.answer),
      signature: latest<Signature | null>(requestVersions.signature),
    })
    .from(requestVersions)
    .where(
      and(inArray(requestVersions.requestId, requestIds), isNotNull(requestVersions.submittedAt)),
    )
    .groupBy(requestVersions.requestId)
  return new Map<string, SubmittedSummary>(
    rows.map(({ requestId, ...summary }) => [requestId, summary]),
  )
}

export interface SubmittedSummary {
  count: number
  response: string | null
  answerType: AnswerType
  answer: string | null
  signature: Signature | null
}

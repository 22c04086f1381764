import { and, count, eq, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { idIn } from '../../db/id-in'
import { answerDrafts, requestFiles, requestVersions } from '../../db/schema'
import { isoTimestamp } from '../../db/timestamps'

/** The queries of answer_drafts: a client user's answer in progress, one per request. */

const ofUser = (requestId: string, userId: string) =>
  and(eq(answerDrafts.requestId, requestId), eq(answerDrafts.userId, userId))

export async function findAnswerDraft(db: Db, requestId: string, userId: string) {
  const [row] = await db
    .select({ response: answerDrafts.response, savedAt: isoTimestamp(answerDrafts.updatedAt) })
    .from(answerDrafts)
    .where(ofUser(requestId, userId))
  return row ?? { response: '', savedAt: null }
}

export async function saveAnswerDraft(
  db: Db,
  orgId: string,
  requestId: string,
  userId: string,
  response: string,
  now: Date,
) {
  await db
    .insert(answerDrafts)
    .values({ organizationId: orgId, requestId, userId, response, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [answerDrafts.requestId, answerDrafts.userId],
      set: { response, updatedAt: now },
    })
}

/** The user's draft of the request (undefined: everyone's, once it is answered). */
export async function deleteAnswerDrafts(db: Db, requestId: string, userId?: string) {
  await db
    .delete(answerDrafts)
    .where(userId ? ofUser(requestId, userId) : eq(answerDrafts.requestId, requestId))
}

/**
 * What the user has started on each of `requestIds` without submitting it: whether an answer is
 * saved as a draft, and how many files wait on the version being prepared.
 */
export async function answersInProgress(db: Db, userId: string, requestIds: string[]) {
  const started = new Map<string, { draftSaved: boolean; filesAttached: number }>()
  if (requestIds.length === 0) return started
  const of = (id: string) => {
    const entry = started.get(id) ?? { draftSaved: false, filesAttached: 0 }
    started.set(id, entry)
    return entry
  }
  const [drafts, files] = await Promise.all([
    db
      .select({ requestId: answerDrafts.requestId })
      .from(answerDrafts)
      .where(and(eq(answerDrafts.userId, userId), idIn(answerDrafts.requestId, requestIds))),
    db
      .select({ requestId: requestFiles.requestId, files: count() })
      .from(requestFiles)
      .innerJoin(requestVersions, eq(requestVersions.id, requestFiles.versionId))
      .where(and(idIn(requestFiles.requestId, requestIds), isNull(requestVersions.submittedAt)))
      .groupBy(requestFiles.requestId),
  ])
  for (const { requestId } of drafts) of(requestId).draftSaved = true
  for (const { requestId, files: n } of files) of(requestId).filesAttached = n
  return started
}

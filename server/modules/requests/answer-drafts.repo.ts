import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { answerDrafts } from '../../db/schema'
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

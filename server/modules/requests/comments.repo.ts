import { and, asc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { requestComments } from '../../db/schema'
import { iso } from '../../lib/dto'

/** The queries of request_comments: the discussion with the client, and the firm's notes. */

const columns = {
  id: requestComments.id,
  authorId: requestComments.authorUserId,
  authorName: requestComments.authorName,
  body: requestComments.body,
  internal: requestComments.internal,
  createdAt: requestComments.createdAt,
}

const toDto = <T extends { createdAt: Date }>(row: T) => ({ ...row, createdAt: iso(row.createdAt) })

/** Oldest first: the internal notes, or the shared thread. */
export async function listComments(
  db: Db,
  orgId: string,
  requestId: string,
  filter: { internal: boolean },
) {
  const rows = await db
    .select(columns)
    .from(requestComments)
    .where(
      and(
        eq(requestComments.organizationId, orgId),
        eq(requestComments.requestId, requestId),
        eq(requestComments.internal, filter.internal),
      ),
    )
    .orderBy(asc(requestComments.createdAt), asc(requestComments.id))
  return rows.map(toDto)
}

export async function insertComment(
  db: Db,
  orgId: string,
  requestId: string,
  values: { body: string; internal: boolean; author: { userId: string; name: string } },
  now: Date,
) {
  const [row] = await db
    .insert(requestComments)
    .values({
      organizationId: orgId,
      requestId,
      authorUserId: values.author.userId,
      authorName: values.author.name,
      body: values.body,
      internal: values.internal,
      createdAt: now,
      updatedAt: now,
    })
    .returning(columns)
  return toDto(row!)
}

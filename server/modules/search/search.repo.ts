import { sql, type SQL } from 'drizzle-orm'
import type { SearchType } from '@shared/schemas/search'
import { clientScope, visibleRequests } from '../../access/audience'
import { isFirm, type Principal } from '../../access/principal'
import { selectRows, type Db } from '../../db/client'
import { idIn } from '../../db/id-in'
import {
  auditRequests,
  audits,
  clients,
  projects,
  requestComments,
  requestFiles,
  requestVersions,
} from '../../db/schema'

/**
 * The queries of search (decision 050). The first finds what matches, through each table's GIN
 * index on its `search` vector, confined by the audience rule and ranked; only the page it returns
 * is then read in full, with its highlighted snippets.
 */

export interface Hit {
  type: SearchType
  id: string
  rank: number
}

/** The audience rule over a statement joining audit_requests, audits and projects. */
const requestAudience = (principal: Principal) => visibleRequests(principal) ?? sql`true`

/** The joins the rule needs for a client user (the firm's reads need none). */
const requestJoins = (principal: Principal) =>
  isFirm(principal)
    ? sql``
    : sql`join ${audits} on ${audits.id} = ${auditRequests.auditId}
          join ${projects} on ${projects.id} = ${audits.projectId}`

/**
 * A comment's or file's request, joined only when the rule needs it (a client user): for the firm
 * the row's own organization_id says all.
 */
const parentRequest = (principal: Principal, requestId: SQL) =>
  isFirm(principal)
    ? sql``
    : sql`join ${auditRequests} on ${auditRequests.id} = ${requestId} ${requestJoins(principal)}`

/**
 * Matches of one kind that are ranked, at most: a word in tens of thousands of rows (a stock
 * phrase in every comment) costs the same as a rarer one. Beyond, the rows ranked are the first
 * found; such a word tells them apart by nothing anyway, and another word narrows the search.
 */
export const RANKED_PER_KIND = 500

/**
 * One kind's matches, best first, at most `take`; `rank` normalised by the length of the text
 * (a long document mentioning a word once does not outrank a title).
 */
function matches(principal: Principal, type: SearchType, query: SQL, take: number): SQL {
  const orgId = principal.organizationId
  const clientId = clientScope(principal)
  /**
   * `found`: the kind's matching rows as (id, vector), of the caller's audience. Planned on its
   * own (materialized), through the GIN index: with the LIMIT in view, the planner expected a word
   * in 0.5% of the rows (its guess for a prefix) and scanned whole tables for rare ones.
   */
  const top = (found: SQL) =>
    sql`(with found as materialized (${found})
         select ${sql.raw(`'${type}'`)} as type, id, ts_rank(vector, ${query}, 1) as rank
         from (select * from found limit ${RANKED_PER_KIND}) found
         order by rank desc, id limit ${take})`
  switch (type) {
    case 'client':
      return top(sql`select ${clients.id} as id, ${clients.search} as vector
        from ${clients}
        where ${clients.organizationId} = ${orgId} and ${clients.search} @@ ${query}
          ${clientId ? sql`and ${clients.id} = ${clientId}` : sql``}`)
    case 'project':
      return top(sql`select ${projects.id} as id, ${projects.search} as vector
        from ${projects}
        where ${projects.organizationId} = ${orgId} and ${projects.search} @@ ${query}
          ${clientId ? sql`and ${projects.clientId} = ${clientId}` : sql``}`)
    case 'audit':
      return top(sql`select ${audits.id} as id, ${audits.search} as vector
        from ${audits}
        ${clientId ? sql`join ${projects} on ${projects.id} = ${audits.projectId}` : sql``}
        where ${audits.organizationId} = ${orgId} and ${audits.search} @@ ${query}
          ${clientId ? sql`and ${projects.clientId} = ${clientId}` : sql``}`)
    case 'request':
      // By its own words or by a submitted answer: one hit per request, at its best rank.
      return sql`(select 'request' as type, id, max(rank) as rank from (
          ${top(sql`select ${auditRequests.id} as id, ${auditRequests.search} as vector
            from ${auditRequests} ${requestJoins(principal)}
            where ${auditRequests.organizationId} = ${orgId} and ${auditRequests.search} @@ ${query}
              and ${requestAudience(principal)}`)}
          union all
          ${top(
            isFirm(principal)
              ? // The company of each answer found, looked up one by one: a join read every
                // request of the firm to hash them.
                sql`select ${requestVersions.requestId} as id, ${requestVersions.search} as vector
                from ${requestVersions}
                where ${requestVersions.search} @@ ${query} and ${requestVersions.submittedAt} is not null
                  and (select ${auditRequests.organizationId} from ${auditRequests}
                       where ${auditRequests.id} = ${requestVersions.requestId}) = ${orgId}`
              : sql`select ${auditRequests.id} as id, ${requestVersions.search} as vector
                from ${requestVersions}
                join ${auditRequests} on ${auditRequests.id} = ${requestVersions.requestId}
                ${requestJoins(principal)}
                where ${auditRequests.organizationId} = ${orgId} and ${requestVersions.search} @@ ${query}
                  and ${requestVersions.submittedAt} is not null and ${requestAudience(principal)}`,
          )}
        ) found group by id order by rank desc, id limit ${take})`
    case 'comment':
      return top(sql`select ${requestComments.id} as id, ${requestComments.search} as vector
        from ${requestComments} ${parentRequest(principal, sql`${requestComments.requestId}`)}
        where ${requestComments.organizationId} = ${orgId} and ${requestComments.search} @@ ${query}
          and ${requestAudience(principal)}
          ${isFirm(principal) ? sql`` : sql`and not ${requestComments.internal}`}`)
    case 'file':
      return top(sql`select ${requestFiles.id} as id, ${requestFiles.search} as vector
        from ${requestFiles} ${parentRequest(principal, sql`${requestFiles.requestId}`)}
        where ${requestFiles.organizationId} = ${orgId} and ${requestFiles.search} @@ ${query}
          and ${requestAudience(principal)}`)
  }
}

/** `to_tsquery` of the words, stemmed as the vectors are. */
export const tsQuery = (words: string) => sql`to_tsquery('english', ${words})`

/** The page of hits from `offset`, best first across kinds; one more than `limit` if more exist. */
export function findHits(
  db: Db,
  principal: Principal,
  words: string,
  types: readonly SearchType[],
  page: { offset: number; limit: number },
) {
  const take = page.offset + page.limit + 1
  const query = tsQuery(words)
  const kinds = sql.join(
    types.map((type) => matches(principal, type, query, take)),
    sql` union all `,
  )
  // Parallel workers cost more to start (13–17 ms each on two cores) than these bounded scans.
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`)
    return selectRows<Hit>(
      tx,
      sql`select type, id, rank::float8 as rank from (${kinds}) hits
          order by rank desc, type, id limit ${page.limit + 1} offset ${page.offset}`,
    )
  })
}

/** Highlighted words are wrapped in these (private-use characters), then turned into offsets. */
export const MARK_START = '\uE000'
export const MARK_END = '\uE001'

const headline = (text: SQL, query: SQL) =>
  sql`ts_headline('english', ${text}, ${query}, ${`StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`})`

/** Characters of a file's text the snippet is taken from: ts_headline reads all it is given. */
const SNIPPET_WINDOW = 10_000

/**
 * The part of a long text where the snippet is looked for: from just before the first place that
 * holds the start of the longest word searched (its stem usually does), else from the start.
 * ts_headline over a whole 200,000-character file took about 60 ms; over this, a few.
 */
function textWindow(text: SQL, words: string) {
  const longest = words
    .split(' & ')
    .map((word) => word.replace(/:\*$/, ''))
    .reduce((a, b) => (b.length > a.length ? b : a), '')
  const hint = longest.slice(0, 6)
  return sql`substr(${text}, greatest(1, strpos(lower(${text}), ${hint}) - 300), ${SNIPPET_WINDOW})`
}

export interface Found {
  id: string
  title: string
  snippet: string
  /** The parent for the link (a comment's or file's request). */
  requestId: string | null
  number: number | null
  client: string | null
  project: string | null
  audit: string | null
  requestTitle: string | null
  internal: boolean | null
}

/**
 * What the page shows of each hit of one kind, read by id (already confined by `findHits`), with
 * its snippet: the part of its text around the words.
 */
export function describeHits(
  db: Db,
  principal: Principal,
  type: SearchType,
  ids: string[],
  words: string,
): Promise<Found[]> {
  const query = tsQuery(words)
  const orgId = principal.organizationId
  const place = sql`${clients.name} as client, ${projects.name} as project, ${audits.name} as audit`
  const nothing = sql`null::uuid as "requestId", null::int as number, null::text as "requestTitle", null::boolean as internal`
  /** A request's own columns and place, for a request, its comment or its file. */
  const ofRequest = sql`${place}, ${auditRequests.id} as "requestId", ${auditRequests.number} as number,
            ${auditRequests.title} as "requestTitle"`
  const requestPlace = sql`join ${audits} on ${audits.id} = ${auditRequests.auditId}
          join ${projects} on ${projects.id} = ${audits.projectId}
          join ${clients} on ${clients.id} = ${projects.clientId}`
  switch (type) {
    case 'client':
      return selectRows(
        db,
        sql`select ${clients.id} as id, ${clients.name} as title,
            ${headline(sql`concat_ws(' · ', ${clients.name}, ${clients.email})`, query)} as snippet,
            null::text as client, null::text as project, null::text as audit, ${nothing}
          from ${clients}
          where ${clients.organizationId} = ${orgId} and ${idIn(clients.id, ids)}`,
      )
    case 'project':
      return selectRows(
        db,
        sql`select ${projects.id} as id, ${projects.name} as title,
            ${headline(sql`concat_ws(' · ', ${projects.name}, ${projects.description})`, query)} as snippet,
            ${clients.name} as client, null::text as project, null::text as audit, ${nothing}
          from ${projects} join ${clients} on ${clients.id} = ${projects.clientId}
          where ${projects.organizationId} = ${orgId} and ${idIn(projects.id, ids)}`,
      )
    case 'audit':
      return selectRows(
        db,
        sql`select ${audits.id} as id, ${audits.name} as title,
            ${headline(sql`concat_ws(' · ', ${audits.name}, ${audits.description})`, query)} as snippet,
            ${clients.name} as client, ${projects.name} as project, null::text as audit, ${nothing}
          from ${audits}
          join ${projects} on ${projects.id} = ${audits.projectId}
          join ${clients} on ${clients.id} = ${projects.clientId}
          where ${audits.organizationId} = ${orgId} and ${idIn(audits.id, ids)}`,
      )
    case 'request': {
      // The snippet from its words when they match, else from its latest matching answer.
      const answer = sql`(select concat_ws(' · ', ${requestVersions.response}, ${requestVersions.answer})
          from ${requestVersions}
          where ${requestVersions.requestId} = ${auditRequests.id}
            and ${requestVersions.submittedAt} is not null and ${requestVersions.search} @@ ${query}
          order by ${requestVersions.number} desc limit 1)`
      const own = sql`concat_ws(' · ', ${auditRequests.reference}, ${auditRequests.title}, ${auditRequests.description}, ${auditRequests.section})`
      return selectRows(
        db,
        sql`select ${auditRequests.id} as id, ${auditRequests.title} as title,
            ${headline(sql`case when ${auditRequests.search} @@ ${query} then ${own} else coalesce(${answer}, ${own}) end`, query)} as snippet,
            ${ofRequest}, null::boolean as internal
          from ${auditRequests}
          ${requestPlace}
          where ${auditRequests.organizationId} = ${orgId} and ${idIn(auditRequests.id, ids)}`,
      )
    }
    case 'comment':
      return selectRows(
        db,
        sql`select ${requestComments.id} as id, ${requestComments.authorName} as title,
            ${headline(sql`${requestComments.body}`, query)} as snippet,
            ${ofRequest}, ${requestComments.internal} as internal
          from ${requestComments}
          join ${auditRequests} on ${auditRequests.id} = ${requestComments.requestId}
          ${requestPlace}
          where ${requestComments.organizationId} = ${orgId} and ${idIn(requestComments.id, ids)}`,
      )
    case 'file':
      return selectRows(
        db,
        sql`select ${requestFiles.id} as id, ${requestFiles.fileName} as title,
            ${headline(sql`concat_ws(' · ', ${requestFiles.fileName}, ${textWindow(sql`${requestFiles.extractedText}`, words)})`, query)} as snippet,
            ${ofRequest}, null::boolean as internal
          from ${requestFiles}
          join ${auditRequests} on ${auditRequests.id} = ${requestFiles.requestId}
          ${requestPlace}
          where ${requestFiles.organizationId} = ${orgId} and ${idIn(requestFiles.id, ids)}`,
      )
  }
}

import { and, eq, gt, isNull } from 'drizzle-orm'
import type { Role } from '@shared/schemas/auth'
import { fullName } from '@shared/format'
import type { Db } from '../../db/client'
import {
  searched,
  key,
  mapPage,
  pageQuery,
  toPage,
  type Keyset,
  type PageRequest,
} from '../../db/keyset'
import { iso } from '../../lib/dto'
import { clients, invitations, organizations, people, users, withPerson } from '../../db/schema'
import { sha256 } from '../../lib/crypto'
import { notFound } from '../../lib/errors'

/** Neither accepted nor revoked (expired ones stay open: they can be resent or revoked). */
const isOpen = and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt))

const columns = {
  id: invitations.id,
  email: invitations.email,
  role: invitations.role,
  clientId: invitations.clientId,
  clientName: clients.name,
  invitedByFirstName: people.firstName,
  invitedByLastName: people.lastName,
  sentAt: invitations.sentAt,
  expiresAt: invitations.expiresAt,
  createdAt: invitations.createdAt,
}

type Row = {
  invitedByFirstName: string | null
  invitedByLastName: string | null
  sentAt: Date
  expiresAt: Date
  createdAt: Date
}

function toDto<T extends Row>(row: T, now: Date) {
  const { invitedByFirstName, invitedByLastName, ...rest } = row
  return {
    ...rest,
    invitedBy:
      invitedByFirstName === null
        ? null
        : fullName({ firstName: invitedByFirstName, lastName: invitedByLastName ?? '' }),
    status: row.expiresAt > now ? ('pending' as const) : ('expired' as const),
    sentAt: iso(row.sentAt),
    expiresAt: iso(row.expiresAt),
    createdAt: iso(row.createdAt),
  }
}

function selectInvitations(db: Db) {
  return db
    .select(columns)
    .from(invitations)
    .leftJoin(clients, eq(clients.id, invitations.clientId))
    .leftJoin(users, eq(users.id, invitations.invitedByUserId))
    .leftJoin(people, withPerson)
}

const latestFirst: Keyset = {
  keys: [key(invitations.sentAt, 'timestamptz'), key(invitations.id, 'uuid')],
  direction: 'desc',
}

/**
 * The company's open invitations, most recently sent first; `q`: the addresses containing it;
 * `clientId`: those to join that client only.
 */
export async function listOpenInvitations(
  db: Db,
  orgId: string,
  request: PageRequest & { q?: string | undefined; clientId?: string | undefined },
  now: Date,
) {
  const page = pageQuery(latestFirst, request)
  const rows = await db
    .select({ ...columns, pageKey: page.pageKey })
    .from(invitations)
    .leftJoin(clients, eq(clients.id, invitations.clientId))
    .leftJoin(users, eq(users.id, invitations.invitedByUserId))
    .leftJoin(people, withPerson)
    .where(
      and(
        eq(invitations.organizationId, orgId),
        isOpen,
        request.clientId ? eq(invitations.clientId, request.clientId) : undefined,
        searched(invitations.email, request.q),
        page.after,
      ),
    )
    .orderBy(...page.orderBy)
    .limit(page.limit)
  return mapPage(toPage(rows, request), (row) => toDto(row, now))
}

/** One open invitation of the company; accepted, revoked, missing or another company's: 404. */
export async function getOpenInvitation(db: Db, orgId: string, id: string, now: Date) {
  const [row] = await selectInvitations(db).where(
    and(eq(invitations.organizationId, orgId), eq(invitations.id, id), isOpen),
  )
  if (!row) throw notFound('Invitation')
  return toDto(row, now)
}

export async function hasOpenInvitation(db: Db, orgId: string, email: string) {
  const [row] = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(and(eq(invitations.organizationId, orgId), eq(invitations.email, email), isOpen))
  return Boolean(row)
}

export async function insertInvitation(
  db: Db,
  values: {
    organizationId: string
    email: string
    role: Role
    clientId: string | null
    invitedByUserId: string
    token: string
    expiresAt: Date
    now: Date
  },
) {
  const { token, now, ...rest } = values
  const [row] = await db
    .insert(invitations)
    .values({ ...rest, tokenHash: sha256(token), sentAt: now, createdAt: now, updatedAt: now })
    .returning({ id: invitations.id })
  return row!.id
}

/** A resend: a new token (the old link stops working), a new expiry, a new sent date. */
export async function renewInvitation(
  db: Db,
  orgId: string,
  id: string,
  token: string,
  expiresAt: Date,
  now: Date,
) {
  const [row] = await db
    .update(invitations)
    .set({ tokenHash: sha256(token), expiresAt, sentAt: now, updatedAt: now })
    .where(and(eq(invitations.organizationId, orgId), eq(invitations.id, id), isOpen))
    .returning({ id: invitations.id })
  if (!row) throw notFound('Invitation')
}

export async function revokeInvitation(db: Db, orgId: string, id: string, now: Date) {
  const [row] = await db
    .update(invitations)
    .set({ revokedAt: now, updatedAt: now })
    .where(and(eq(invitations.organizationId, orgId), eq(invitations.id, id), isOpen))
    .returning({ email: invitations.email })
  if (!row) throw notFound('Invitation')
  return row
}

/**
 * The invitation a mailed token stands for, if it can still be accepted (open and unexpired);
 * `lock` holds its row until the transaction ends, so that a token is accepted once.
 */
export async function findUsableInvitation(
  db: Db,
  token: string,
  now: Date,
  options: { lock?: boolean } = {},
) {
  const query = db
    .select({
      id: invitations.id,
      organizationId: invitations.organizationId,
      organizationName: organizations.name,
      email: invitations.email,
      role: invitations.role,
      clientId: invitations.clientId,
      clientName: clients.name,
      invitedByUserId: invitations.invitedByUserId,
    })
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .leftJoin(clients, eq(clients.id, invitations.clientId))
    .where(and(eq(invitations.tokenHash, sha256(token)), isOpen, gt(invitations.expiresAt, now)))
  const [row] = await (options.lock ? query.for('update', { of: invitations }) : query)
  return row ?? null
}

export async function markAccepted(db: Db, id: string, now: Date) {
  await db
    .update(invitations)
    .set({ acceptedAt: now, updatedAt: now })
    .where(eq(invitations.id, id))
}

import { z } from 'zod'
import { ROLES } from '../constants'
import { id } from './common'
import { pageFields, searchField } from './pagination'

export const userRole = z.enum(ROLES, { error: 'Role must be admin, staff or client' })
export const ROLE_LABELS = { admin: 'Admin', staff: 'Staff', client: 'Client' } as const

/** "an admin", "a staff member", "a client user for Acme Ltd": for toasts and descriptions. */
export function roleSummary({
  role,
  clientName,
}: {
  role: z.infer<typeof userRole>
  clientName: string | null
}) {
  if (role === 'admin') return 'an admin'
  if (role === 'staff') return 'a staff member'
  return clientName ? `a client user for ${clientName}` : 'a client user'
}

/** Optional in the schema; required for role client and refused for role admin (see `withClientRule`). */
export const optionalClientId = z
  .uuid({ error: 'Client must be a valid id' })
  .nullable()
  .optional()
  .transform((value) => value ?? null)

const clientRequired = 'Choose the client this user belongs to'
const clientNotAllowed = 'Only client users belong to a client'

/**
 * A client user belongs to exactly one of the company's clients; the firm's people (admin, staff)
 * to none. Used by the invitation and the role-change bodies alike.
 */
export function withClientRule<T extends z.ZodType<{ role: string; clientId: string | null }>>(
  schema: T,
) {
  return schema.superRefine((value, ctx) => {
    if (value.role === 'client' && !value.clientId)
      ctx.addIssue({ code: 'custom', path: ['clientId'], message: clientRequired })
    if (value.role !== 'client' && value.clientId)
      ctx.addIssue({ code: 'custom', path: ['clientId'], message: clientNotAllowed })
  })
}

/** PATCH /api/users/{id}: the role, and the client for role client. */
export const updateUserInput = withClientRule(
  z.strictObject({ role: userRole, clientId: optionalClientId }),
)
export type UpdateUserInput = z.input<typeof updateUserInput>

export const userDto = z
  .object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    role: userRole,
    clientId: z.string().nullable(),
    clientName: z.string().nullable(),
    lastLoginAt: z.string().nullable(),
    createdAt: z.string(),
    /** Has an authenticator app set up (the company's security policy may require one). */
    mfaEnabled: z.boolean(),
  })
  .meta({ id: 'User' })
export type User = z.infer<typeof userDto>

/** GET /api/users: by name; `q` searches names and e-mail addresses, `clientId` keeps that client's users. */
export const listUsersQuery = z.strictObject({
  ...pageFields,
  ...searchField,
  clientId: id.optional(),
})
export type ListUsersQuery = z.output<typeof listUsersQuery>

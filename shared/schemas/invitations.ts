import { z } from 'zod'
import { email, password } from './auth'
import { id, nameText } from './common'
import { pageFields, searchField } from './pagination'
import { optionalClientId, userRole, withClientRule } from './users'

/** POST /api/invitations: clientId names one of the company's clients, for role client only. */
export const createInvitationInput = withClientRule(
  z.strictObject({ email, role: userRole, clientId: optionalClientId }),
)
export type CreateInvitationInput = z.input<typeof createInvitationInput>

/** GET /api/invitations: `q` searches the addresses, `clientId` keeps those for that client. */
export const listInvitationsQuery = z.strictObject({
  ...pageFields,
  ...searchField,
  clientId: id.optional(),
})
export type ListInvitationsQuery = z.output<typeof listInvitationsQuery>

/** Open invitations: `expired` ones can still be resent (new link, new expiry) or revoked. */
export const INVITATION_STATUSES = ['pending', 'expired'] as const

export const invitationDto = z
  .object({
    id: z.string(),
    email: z.string(),
    role: userRole,
    clientId: z.string().nullable(),
    clientName: z.string().nullable(),
    /** Who sent it; null once that user is removed. */
    invitedBy: z.string().nullable(),
    status: z.enum(INVITATION_STATUSES),
    /** When the latest link was mailed (creation or the last resend). */
    sentAt: z.string(),
    expiresAt: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'Invitation' })
export type Invitation = z.infer<typeof invitationDto>

const token = z.string({ error: 'Token is required' }).trim().min(1, 'Token is required').max(200)

/** GET /api/invitations/accept?token=… */
export const invitationPreviewQuery = z.strictObject({ token })

export const invitationPreviewDto = z
  .object({
    organizationName: z.string(),
    role: userRole,
    email: z.string(),
    clientName: z.string().nullable(),
    /** The e-mail has an account: accepting takes its password (or its person's session), no names. */
    accountExists: z.boolean(),
    /** The caller is signed in as the address's person: accepting needs nothing more. */
    signedIn: z.boolean(),
  })
  .meta({ id: 'InvitationPreview' })
export type InvitationPreview = z.infer<typeof invitationPreviewDto>

/** POST /api/invitations/accept: answers 201 with `{ user }`, like a sign-in. */
export const acceptInvitationInput = z.strictObject({
  token,
  /** A new account's names; an address with an account keeps its person's. */
  firstName: nameText('First name', 100).optional(),
  lastName: nameText('Last name', 100).optional(),
  /** A new account's password, or the existing account's (unless signed in as its person). */
  password: password.optional(),
})
export type AcceptInvitationInput = z.input<typeof acceptInvitationInput>

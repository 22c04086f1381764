import { z } from 'zod'
import { signedInReply } from '../schemas/auth'
import { idParams } from '../schemas/common'
import {
  acceptInvitationInput,
  createInvitationInput,
  invitationDto,
  invitationPreviewDto,
  invitationPreviewQuery,
  listInvitationsQuery,
} from '../schemas/invitations'
import { organizationDto, updateOrganizationInput } from '../schemas/organization'
import { securityPolicyDto, securityPolicyInput } from '../schemas/security-policy'
import { listUsersQuery, updateUserInput, userDto } from '../schemas/users'
import { defineRoute } from './route'

/** The company's settings, users and invitations: admins only. */
export const organizationApi = {
  get: defineRoute({
    method: 'GET',
    path: '/api/organization',
    tag: 'Company',
    summary: 'The company',
    access: 'company.manage',
    status: 200,
    reply: organizationDto,
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/api/organization',
    tag: 'Company',
    summary: 'Change the company’s details',
    access: 'company.manage',
    body: updateOrganizationInput,
    status: 200,
    reply: organizationDto,
  }),
  getSecurity: defineRoute({
    method: 'GET',
    path: '/api/organization/security',
    tag: 'Company',
    summary: 'The company’s sign-in policy',
    access: 'company.manage',
    sessionOnly: true,
    status: 200,
    reply: securityPolicyDto,
  }),
  updateSecurity: defineRoute({
    method: 'PUT',
    path: '/api/organization/security',
    tag: 'Company',
    summary: 'Set the company’s sign-in policy',
    description:
      '`requireMfa`: `staff` holds the firm’s people, `all` everyone, until they set up a second factor (every call but the set-up answers 403 `MFA_SETUP_REQUIRED`). 409 when the admin turning it on has no second factor themselves. The session limits apply at once to every session of the company’s people.',
    access: 'company.manage',
    sessionOnly: true,
    body: securityPolicyInput,
    status: 200,
    reply: securityPolicyDto,
  }),
}

export const usersApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/users',
    tag: 'Users',
    summary: 'The company’s users',
    description:
      'By name, then e-mail; `q` finds the names and e-mail addresses that contain it, `clientId` keeps the users of that client (its contacts).',
    access: 'company.manage',
    query: listUsersQuery,
    status: 200,
    reply: z.array(userDto),
    page: true,
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/api/users/:id',
    tag: 'Users',
    summary: 'Change a user’s role',
    description:
      'Never one’s own, never the last admin (409). A client user belongs to one client; the firm’s people (admin, staff) to none.',
    access: 'company.manage',
    params: idParams,
    body: updateUserInput,
    status: 200,
    reply: userDto,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/users/:id',
    tag: 'Users',
    summary: 'Remove a user',
    description: 'Their sessions end at once. Never oneself, never the last admin (409).',
    access: 'company.manage',
    params: idParams,
    status: 204,
    reply: z.undefined(),
  }),
}

export const invitationsApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/invitations',
    tag: 'Invitations',
    summary: 'Open invitations',
    description:
      'Most recently sent first; `q` finds the e-mail addresses that contain it, `clientId` keeps the invitations to that client.',
    access: 'company.manage',
    query: listInvitationsQuery,
    status: 200,
    reply: z.array(invitationDto),
    page: true,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/invitations',
    tag: 'Invitations',
    summary: 'Invite someone',
    description:
      'Mails a link valid for 7 days, as an admin, a staff member or a client user of one client.',
    access: 'company.manage',
    body: createInvitationInput,
    status: 201,
    reply: invitationDto,
  }),
  resend: defineRoute({
    method: 'POST',
    path: '/api/invitations/:id/resend',
    tag: 'Invitations',
    summary: 'Resend an invitation',
    description: 'A new link and a new expiry; the old link stops working.',
    access: 'company.manage',
    params: idParams,
    status: 200,
    reply: invitationDto,
  }),
  revoke: defineRoute({
    method: 'DELETE',
    path: '/api/invitations/:id',
    tag: 'Invitations',
    summary: 'Revoke an invitation',
    access: 'company.manage',
    params: idParams,
    status: 204,
    reply: z.undefined(),
  }),
  preview: defineRoute({
    method: 'GET',
    path: '/api/invitations/accept',
    tag: 'Invitations',
    summary: 'What an invitation link is for',
    description: '400 when the link is invalid, expired, used or revoked.',
    access: 'public',
    query: invitationPreviewQuery,
    status: 200,
    reply: invitationPreviewDto,
  }),
  accept: defineRoute({
    method: 'POST',
    path: '/api/invitations/accept',
    tag: 'Invitations',
    summary: 'Accept an invitation',
    description:
      'A new address: `{ token, firstName, lastName, password }` creates a verified account in the inviting company and signs it in. An address with an account: `{ token, password }`, or `{ token }` from a session of that person, adds the inviting company to the person’s memberships and makes it the session’s (a new session with the password; 403 when the person has a second factor and is not signed in; 409 when already in that company).',
    access: 'public',
    body: acceptInvitationInput,
    status: 201,
    reply: signedInReply,
  }),
}

import { z } from 'zod'
import {
  apiTokenDto,
  companyApiTokenDto,
  createApiTokenInput,
  createdApiTokenDto,
} from '../schemas/api-tokens'
import { idParams } from '../schemas/common'
import { defineRoute } from './route'

/** Personal API tokens: one's own, and (for admins) every one of the company. */
export const apiTokensApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/tokens',
    tag: 'API tokens',
    summary: 'One’s API tokens',
    description:
      'The tokens made in this company by the signed-in user, newest first, expired ones included; never their secrets.',
    access: 'signed-in',
    sessionOnly: true,
    status: 200,
    reply: z.array(apiTokenDto),
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/tokens',
    tag: 'API tokens',
    summary: 'Make an API token',
    description:
      '`Authorization: Bearer <token>` then acts as the signed-in user in this company, never more: `["read"]` allows GET and HEAD only, `["read", "write"]` every method the role allows. The secret (`adk_…`) is in this reply only; it lives `expiresInDays` (1–365). 409 past 50 tokens.',
    access: 'signed-in',
    sessionOnly: true,
    body: createApiTokenInput,
    status: 201,
    reply: createdApiTokenDto,
  }),
  revoke: defineRoute({
    method: 'DELETE',
    path: '/api/tokens/:id',
    tag: 'API tokens',
    summary: 'Revoke one’s API token',
    description: 'It stops working at once, on every instance. 404 for another user’s token.',
    access: 'signed-in',
    sessionOnly: true,
    params: idParams,
    status: 204,
    reply: z.undefined(),
  }),
  listCompany: defineRoute({
    method: 'GET',
    path: '/api/organization/tokens',
    tag: 'API tokens',
    summary: 'Every API token of the company',
    description: 'Newest first, with whose each is; never their secrets.',
    access: 'company.manage',
    sessionOnly: true,
    status: 200,
    reply: z.array(companyApiTokenDto),
  }),
  revokeCompany: defineRoute({
    method: 'DELETE',
    path: '/api/organization/tokens/:id',
    tag: 'API tokens',
    summary: 'Revoke any API token of the company',
    description: 'It stops working at once, on every instance. 404 for another company’s token.',
    access: 'company.manage',
    sessionOnly: true,
    params: idParams,
    status: 204,
    reply: z.undefined(),
  }),
}

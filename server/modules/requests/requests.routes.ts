import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { idParams } from '@shared/schemas/common'
import {
  bulkUpdateRequestsInput,
  commentDto,
  createCommentInput,
  createRequestInput,
  fromTemplateInput,
  myRequestsDto,
  reasonInput,
  requestDetailDto,
  requestDto,
  requestListDto,
  sendRequestsInput,
  submitRequestInput,
  updateRequestInput,
} from '@shared/schemas/requests'
import { currentUser, orgOf as org } from '../../plugins/session'
import { requestsService } from './requests.service'

/**
 * Audit requests. Client users reach only the routes with `clientSide` (their client's audits,
 * never drafts, scoped in the queries); every other route is staff-only (decision 005).
 */
export const requestRoutes: FastifyPluginAsyncZod = async (app) => {
  const requests = requestsService(app)
  const clientSide = { allowClientUsers: true }
  const user = currentUser

  app.get(
    '/audits/:id/requests',
    { config: clientSide, schema: { params: idParams, response: { 200: requestListDto } } },
    async (request) => requests.list(user(request), request.params.id),
  )

  app.post(
    '/audits/:id/requests',
    { schema: { params: idParams, body: createRequestInput, response: { 201: requestDto } } },
    async (request, reply) =>
      reply.code(201).send(await requests.create(org(request), request.params.id, request.body)),
  )

  app.patch(
    '/audits/:id/requests',
    {
      schema: {
        params: idParams,
        body: bulkUpdateRequestsInput,
        response: { 200: z.array(requestDto) },
      },
    },
    async (request) => requests.bulkUpdate(org(request), request.params.id, request.body),
  )

  app.post(
    '/audits/:id/requests/from-template',
    {
      schema: { params: idParams, body: fromTemplateInput, response: { 201: z.array(requestDto) } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await requests.addFromTemplate(org(request), request.params.id, request.body.templateId),
        ),
  )

  app.post(
    '/audits/:id/send',
    {
      schema: { params: idParams, body: sendRequestsInput, response: { 200: z.array(requestDto) } },
    },
    async (request) => requests.send(user(request), request.params.id, request.body.requestIds),
  )

  app.get(
    '/my-requests',
    { config: clientSide, schema: { response: { 200: myRequestsDto } } },
    async (request) => requests.mine(user(request)),
  )

  app.get(
    '/requests/:id',
    { config: clientSide, schema: { params: idParams, response: { 200: requestDetailDto } } },
    async (request) => requests.get(user(request), request.params.id),
  )

  app.patch(
    '/requests/:id',
    { schema: { params: idParams, body: updateRequestInput, response: { 200: requestDto } } },
    async (request) => requests.update(org(request), request.params.id, request.body),
  )

  app.delete('/requests/:id', { schema: { params: idParams } }, async (request, reply) => {
    await requests.remove(org(request), request.params.id)
    return reply.code(204).send()
  })

  app.post(
    '/requests/:id/submit',
    {
      config: clientSide,
      schema: { params: idParams, body: submitRequestInput, response: { 200: requestDto } },
    },
    async (request) =>
      requests.submit(user(request), request.params.id, request.body.response ?? null),
  )

  app.post(
    '/requests/:id/accept',
    { schema: { params: idParams, response: { 200: requestDto } } },
    async (request) => requests.accept(user(request), request.params.id),
  )

  app.post(
    '/requests/:id/return',
    { schema: { params: idParams, body: reasonInput, response: { 200: requestDto } } },
    async (request) => requests.return(user(request), request.params.id, request.body.reason),
  )

  app.post(
    '/requests/:id/not-applicable',
    { schema: { params: idParams, body: reasonInput, response: { 200: requestDto } } },
    async (request) =>
      requests.notApplicable(user(request), request.params.id, request.body.reason),
  )

  app.get(
    '/requests/:id/comments',
    { config: clientSide, schema: { params: idParams, response: { 200: z.array(commentDto) } } },
    async (request) => requests.comments(user(request), request.params.id),
  )

  app.post(
    '/requests/:id/comments',
    {
      config: clientSide,
      schema: { params: idParams, body: createCommentInput, response: { 201: commentDto } },
    },
    async (request, reply) =>
      reply.code(201).send(await requests.comment(user(request), request.params.id, request.body)),
  )
}

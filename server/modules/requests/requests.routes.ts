import type { FastifyInstance } from 'fastify'
import { requestsApi } from '@shared/api'
import { handle } from '../../plugins/contract'
import { principalOf } from '../../plugins/session'
import { requestsService } from './requests.service'

export async function requestRoutes(app: FastifyInstance) {
  const requests = requestsService(app)
  const who = principalOf

  handle(app, requestsApi.list, async (request) =>
    requests.list(who(request), request.params.id, request.query),
  )
  handle(app, requestsApi.sections, async (request) =>
    requests.sections(who(request), request.params.id),
  )
  handle(app, requestsApi.moveSection, async (request) =>
    requests.moveSection(who(request), request.params.id, request.body),
  )
  handle(app, requestsApi.create, async (request) =>
    requests.create(who(request), request.params.id, request.body),
  )
  handle(app, requestsApi.bulk, async (request) =>
    requests.bulk(who(request), request.params.id, request.body),
  )
  handle(app, requestsApi.bulkUpdate, async (request) =>
    requests.bulkUpdate(who(request), request.params.id, request.body),
  )
  handle(app, requestsApi.fromTemplate, async (request) =>
    requests.addFromTemplate(who(request), request.params.id, request.body.templateId),
  )
  handle(app, requestsApi.send, async (request) =>
    requests.send(who(request), request.params.id, request.body.requestIds),
  )
  handle(app, requestsApi.assignees, async (request) =>
    requests.assignees(who(request), { auditId: request.params.id }),
  )
  handle(app, requestsApi.mine, async (request) => requests.mine(who(request), request.query))
  handle(app, requestsApi.get, async (request) => requests.get(who(request), request.params.id))
  handle(app, requestsApi.requestAssignees, async (request) =>
    requests.assignees(who(request), { requestId: request.params.id }),
  )
  handle(app, requestsApi.update, async (request) =>
    requests.update(who(request), request.params.id, request.body),
  )
  handle(app, requestsApi.move, async (request) =>
    requests.move(who(request), request.params.id, request.body.position),
  )
  handle(app, requestsApi.remove, async (request) =>
    requests.remove(who(request), request.params.id),
  )
  handle(app, requestsApi.submit, async (request) =>
    requests.submit(who(request), request.params.id, request.body, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    }),
  )
  handle(app, requestsApi.accept, async (request) =>
    requests.accept(who(request), request.params.id),
  )
  handle(app, requestsApi.answerDraft, async (request) =>
    requests.answerDraft(who(request), request.params.id),
  )
  handle(app, requestsApi.saveAnswerDraft, async (request) =>
    requests.saveAnswerDraft(who(request), request.params.id, request.body.response),
  )
  handle(app, requestsApi.reopen, async (request) =>
    requests.reopen(who(request), request.params.id),
  )
  handle(app, requestsApi.return, async (request) =>
    requests.return(who(request), request.params.id, request.body.reason),
  )
  handle(app, requestsApi.notApplicable, async (request) =>
    requests.notApplicable(who(request), request.params.id, request.body.reason),
  )
  handle(app, requestsApi.proposeNotApplicable, async (request) =>
    requests.proposeNotApplicable(who(request), request.params.id, request.body.reason),
  )
  handle(app, requestsApi.ask, async (request) =>
    requests.ask(who(request), request.params.id, request.body.question),
  )
  handle(app, requestsApi.acceptProposal, async (request) =>
    requests.acceptProposal(who(request), request.params.id),
  )
  handle(app, requestsApi.declineProposal, async (request) =>
    requests.declineProposal(who(request), request.params.id, request.body.reason),
  )
  handle(app, requestsApi.comments, async (request) =>
    requests.comments(who(request), request.params.id),
  )
  handle(app, requestsApi.comment, async (request) =>
    requests.comment(who(request), request.params.id, request.body),
  )
}

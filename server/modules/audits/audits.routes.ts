import type { FastifyInstance } from 'fastify'
import { auditsApi } from '@shared/api'
import { handle } from '../../plugins/contract'
import { principalOf } from '../../plugins/session'
import { auditsService } from './audits.service'

export async function auditRoutes(app: FastifyInstance) {
  const audits = auditsService(app)
  handle(app, auditsApi.list, async (request) => audits.list(principalOf(request), request.query))
  handle(app, auditsApi.get, async (request) => audits.get(principalOf(request), request.params.id))
  handle(app, auditsApi.create, async (request) =>
    audits.create(principalOf(request), request.body),
  )
  handle(app, auditsApi.update, async (request) =>
    audits.update(principalOf(request), request.params.id, request.body),
  )
  handle(app, auditsApi.remove, async (request) =>
    audits.remove(principalOf(request), request.params.id),
  )
  handle(app, auditsApi.complete, async (request) =>
    audits.complete(principalOf(request), request.params.id),
  )
  handle(app, auditsApi.reopen, async (request) =>
    audits.reopen(principalOf(request), request.params.id),
  )
  handle(app, auditsApi.rollForwardPreview, async (request) =>
    audits.rollForwardPreview(principalOf(request), request.params.id, request.body),
  )
  handle(app, auditsApi.rollForward, async (request) =>
    audits.rollForward(principalOf(request), request.params.id, request.body),
  )
  handle(app, auditsApi.updateTeam, async (request) =>
    audits.updateTeam(principalOf(request), request.params.id, request.body),
  )
  handle(app, auditsApi.teamCandidates, async (request) =>
    audits.teamCandidates(principalOf(request), request.params.id, request.query),
  )
}

import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import type {
  createClientInput,
  listClientsQuery,
  updateClientInput,
} from '@shared/schemas/clients'
import type { Principal } from '../../access/principal'
import { AppError, isForeignKeyViolation, notFound } from '../../lib/errors'
import { countProjects } from '../projects/projects.repo'
import { countClientUsers } from '../users/users.repo'
import { createClient, deleteClient, getClient, listClients, updateClient } from './clients.repo'

const stillHas = (what: string, remedy: string) =>
  new AppError('CONFLICT', `This client still has ${what}. ${remedy}, then delete the client.`)

/** The firm's clients. */
export function clientsService({ db, clock }: FastifyInstance) {
  return {
    list: (principal: Principal, query: z.output<typeof listClientsQuery>) =>
      listClients(db, principal.organizationId, query),

    get: (principal: Principal, id: string) => getClient(db, principal.organizationId, id),

    create: (principal: Principal, input: z.output<typeof createClientInput>) =>
      createClient(db, principal.organizationId, input, clock()),

    update: (principal: Principal, id: string, input: z.output<typeof updateClientInput>) =>
      updateClient(db, principal.organizationId, id, input, clock()),

    /** Only a client without projects and users: 409 says which to remove first. */
    async remove(principal: Principal, id: string) {
      const orgId = principal.organizationId
      await getClient(db, orgId, id)
      const projects = await countProjects(db, orgId, { clientId: id })
      if (projects > 0)
        throw stillHas(
          projects === 1 ? 'a project' : `${projects} projects`,
          'Delete its projects first',
        )
      const users = await countClientUsers(db, orgId, id)
      if (users > 0)
        throw stillHas(
          users === 1 ? 'a user' : `${users} users`,
          `Remove ${users === 1 ? 'that user' : 'them'} in Admin Settings → Users first`,
        )
      // A project or user added in the meantime trips the foreign key (ON DELETE RESTRICT); the
      // client's pending invitations go with it (ON DELETE CASCADE).
      const deleted = await deleteClient(db, orgId, id).catch((error: unknown) => {
        throw isForeignKeyViolation(error)
          ? stillHas('projects or users', 'Delete its projects and remove its users first')
          : error
      })
      if (!deleted) throw notFound('Client')
    },
  }
}

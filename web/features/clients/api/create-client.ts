import { clientsApi } from '@shared/api/engagements'
import type { Client, CreateClientInput } from '@shared/schemas/clients'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { clientQueries, dashboardQueries } from '@/lib/queries/engagements'

export const createClient = (body: CreateClientInput) => call(clientsApi.create, { body })

export const useCreateClient = (options?: MutationOptions<Client, CreateClientInput>) =>
  useApiMutation(
    createClient,
    { invalidates: () => [clientQueries.all, dashboardQueries.all] },
    options,
  )

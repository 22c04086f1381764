import { requestsApi } from '@shared/api/requests'
import type { AuditRequest } from '@shared/schemas/requests'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { requestChanges } from './invalidate'

interface Variables {
  id: string
  text: string
}

/** A client user proposes that the request does not apply (the firm decides). */
export const proposeNotApplicable = ({ id, text }: Variables) =>
  call(requestsApi.proposeNotApplicable, { params: { id }, body: { reason: text } })

/** A client user asks the firm a question (written in the discussion). */
export const askQuestion = ({ id, text }: Variables) =>
  call(requestsApi.ask, { params: { id }, body: { question: text } })

export const useProposeNotApplicable = (options?: MutationOptions<AuditRequest, Variables>) =>
  useApiMutation(proposeNotApplicable, { invalidates: requestChanges }, options)

export const useAskQuestion = (options?: MutationOptions<AuditRequest, Variables>) =>
  useApiMutation(askQuestion, { invalidates: requestChanges }, options)

import { requestsApi } from '@shared/api/requests'
import type { BodyOf } from '@shared/api/route'
import type { RequestComment } from '@shared/schemas/requests'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { requestQueries } from '@/lib/queries/requests'

interface Variables {
  requestId: string
  input: BodyOf<typeof requestsApi.comment>
}

export const createComment = ({ requestId, input }: Variables) =>
  call(requestsApi.comment, { params: { id: requestId }, body: input })

export const useCreateComment = (options?: MutationOptions<RequestComment, Variables>) =>
  useApiMutation(
    createComment,
    {
      // Internal notes come with the request detail, comments with their own list.
      invalidates: (_, { requestId }) => [
        requestQueries.comments(requestId).queryKey,
        requestQueries.detail(requestId).queryKey,
      ],
    },
    options,
  )

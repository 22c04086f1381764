import {
  useMutation,
  useQueryClient,
  type QueryClient,
  type QueryKey,
  type UseMutationOptions,
} from '@tanstack/react-query'

/** What a caller may add to a mutation hook: onSuccess, onError, onSettled… */
export type MutationOptions<TData, TVariables> = Omit<
  UseMutationOptions<TData, unknown, TVariables>,
  'mutationFn'
>

interface Effects<TData, TVariables> {
  /** The caches the change makes stale: refetched before the caller's onSuccess runs. */
  invalidates?: (data: TData, variables: TVariables) => readonly QueryKey[]
  /** Cache writes that need no refetch (the reply is the new state). */
  update?: (queryClient: QueryClient, data: TData, variables: TVariables) => void
}

/**
 * The one way the web changes data: `mutationFn` calls a route of the API, the effects keep the
 * caches true, then the caller's own options run (a toast, closing a dialog).
 */
export function useApiMutation<TData, TVariables>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  effects: Effects<TData, TVariables>,
  options: MutationOptions<TData, TVariables> = {},
) {
  const queryClient = useQueryClient()
  return useMutation<TData, unknown, TVariables>({
    ...options,
    mutationFn,
    onSuccess: async (data, variables, ...rest) => {
      effects.update?.(queryClient, data, variables)
      await Promise.all(
        (effects.invalidates?.(data, variables) ?? []).map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      )
      await options.onSuccess?.(data, variables, ...rest)
    },
  })
}

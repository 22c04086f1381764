import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { authQueries } from '../queries/auth'
import { useSession } from '../session'
import { connectLiveUpdates, EVENTS_PATH } from './live-updates'

/**
 * Live updates for the signed-in app (mounted once, in its layout): what others change shows up
 * without a reload. A new stream for each user and role, since the server decides from them what
 * the stream carries.
 */
export function useLiveUpdates() {
  const queryClient = useQueryClient()
  const { id, role, clientId } = useSession()
  useEffect(() => {
    if (typeof EventSource === 'undefined') return
    return connectLiveUpdates({
      queryClient,
      open: () => new EventSource(EVENTS_PATH, { withCredentials: true }),
      recheckSession: () =>
        void queryClient.invalidateQueries({ queryKey: authQueries.me().queryKey }),
    })
  }, [queryClient, id, role, clientId])
}

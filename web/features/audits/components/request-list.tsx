import type { Assignee, AuditRequest } from '@shared/schemas/requests'
import { useEffect, useRef } from 'react'
import { VirtualList } from '@/components/paged/virtual-list'
import { toastFailure } from '@/lib/mutation-feedback'
import { useMoveRequest } from '../api/move-request'
import { RequestRow } from './request-row'

type Direction = 'up' | 'down'

/**
 * The audit's requests in their order. Drafts the server lets move go up or down one place among
 * themselves (requests already sent keep theirs), in one call; the keyboard stays on the moved
 * request's buttons.
 */
export function RequestList({
  requests,
  total,
  assignees,
}: {
  requests: AuditRequest[]
  /** How many the audit holds (the list may hold its first pages only). */
  total: number
  assignees: Assignee[] | undefined
}) {
  // The move buttons to give the keyboard back to once the moved row is re-rendered and enabled.
  const focusAfterMove = useRef<string[] | null>(null)
  const moveRequest = useMoveRequest({
    onError: (error) => toastFailure('Failed to move the request', error),
  })
  const moving = moveRequest.isPending
  const movable = requests.filter((request) => request.allowedActions.includes('move'))

  useEffect(() => {
    const keys = focusAfterMove.current
    if (moving || !keys) return
    focusAfterMove.current = null
    for (const key of keys) {
      const button = document.querySelector<HTMLButtonElement>(`[data-move="${key}"]`)
      if (button && !button.disabled) return button.focus()
    }
  }, [moving, requests])

  const move = (request: AuditRequest, position: number, direction: Direction) => {
    focusAfterMove.current = [
      `${request.id}:${direction}`,
      `${request.id}:${direction === 'up' ? 'down' : 'up'}`,
    ]
    moveRequest.mutate({ id: request.id, position })
  }

  return (
    <VirtualList
      label="Requests"
      items={requests}
      total={total}
      getKey={(request) => request.id}
      estimateRowHeight={140}
      renderItem={(request) => {
        const index = movable.indexOf(request)
        return (
          <RequestRow
            request={request}
            assignees={assignees}
            moving={moving}
            onMoveUp={index > 0 ? () => move(request, index - 1, 'up') : undefined}
            onMoveDown={
              index >= 0 && index < movable.length - 1
                ? () => move(request, index + 1, 'down')
                : undefined
            }
          />
        )
      }}
    />
  )
}

import type { ReactNode } from 'react'
import { Link } from 'react-router'

interface WorkRowProps {
  request: { id: string; number: number; title: string }
  /** Where it sits and who answers it: "Northwind · FY2026 audit · Grace Hopper". */
  place: ReactNode
  /** When: submitted, due, late. */
  when: ReactNode
  action?: ReactNode
}

/** One request in a section of My work: its title opens it; its place, its when, its action. */
export function WorkRow({ request, place, when, action }: WorkRowProps) {
  return (
    <li className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:gap-4">
      <div className="grid min-w-0 flex-1 gap-0.5">
        <Link
          to={`/requests/${request.id}`}
          className="min-w-0 truncate rounded-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          <span className="text-muted-foreground tabular-nums">#{request.number}</span>{' '}
          {request.title}
        </Link>
        <p className="truncate text-sm text-muted-foreground">{place}</p>
      </div>
      <div className="flex shrink-0 items-center justify-between gap-3 sm:justify-end">
        <span className="text-sm text-muted-foreground tabular-nums">{when}</span>
        {action}
      </div>
    </li>
  )
}

/** "Grace Hopper", or that nobody answers it yet. */
export const assigneeText = (name: string | null) => name ?? 'Nobody assigned'

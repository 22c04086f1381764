import type { AuditReport } from '@shared/schemas/reports'
import { Link } from 'react-router'
import { ReportCard } from './report-card'
import { openRequestsOf } from './request-links'

/**
 * The open requests of each assignee, most first, each name opening theirs in the Requests tab.
 * The table cannot be filtered to requests without an assignee, so "Unassigned" is no link.
 */
export function AssigneeWorkload({
  auditId,
  assignees,
  className,
}: {
  auditId: string
  assignees: AuditReport['assignees']
  className?: string
}) {
  return (
    <ReportCard title="Open requests by assignee" className={className}>
      {assignees.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No open requests: everything sent is accepted or set aside.
        </p>
      ) : (
        <table className="w-full table-fixed text-sm">
          <caption className="sr-only">Open and overdue requests by assignee</caption>
          <thead className="text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="border-b py-2 pr-2 text-left font-medium">
                Assignee
              </th>
              <th scope="col" className="w-16 border-b px-2 py-2 text-right font-medium">
                Open
              </th>
              <th scope="col" className="w-20 border-b py-2 pl-2 text-right font-medium">
                Overdue
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {assignees.map(({ userId, name, open, overdue }) => (
              <tr key={userId ?? 'unassigned'}>
                <th scope="row" className="py-2 pr-2 text-left font-normal break-words">
                  {userId ? (
                    <Link
                      to={openRequestsOf(auditId, userId)}
                      className="rounded-sm font-medium text-primary underline-offset-4 hover:underline"
                    >
                      {name ?? 'Unknown person'}
                    </Link>
                  ) : (
                    <span className="text-muted-foreground">Unassigned</span>
                  )}
                </th>
                <td className="px-2 py-2 text-right tabular-nums">{open}</td>
                <td className="py-2 pl-2 text-right tabular-nums">{overdue}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </ReportCard>
  )
}

import type { AuditDetail } from '@shared/schemas/audits'
import { UsersRound } from 'lucide-react'
import { useId } from 'react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { EditTeamDialog } from './edit-team-dialog'

/** Who runs the audit for the firm: the lead and the other members; editable when allowed. */
export function AuditTeam({ audit }: { audit: AuditDetail }) {
  const headingId = useId()
  const { lead, members } = audit
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="flex items-center gap-1.5 text-sm font-medium">
          <UsersRound aria-hidden="true" className="size-4 text-muted-foreground" />
          Team
        </h3>
        {audit.allowedActions.includes('edit_team') ? (
          <EditTeamDialog
            audit={audit}
            trigger={
              <Button variant="outline" size="sm">
                Edit Team
              </Button>
            }
          />
        ) : null}
      </div>
      {lead || members.length > 0 ? (
        <ul className="flex flex-wrap gap-2 text-sm" aria-labelledby={headingId}>
          {lead ? (
            <li className="flex items-center gap-1.5 rounded-md border px-2.5 py-1">
              <span className="font-medium">{lead.name}</span>
              <Badge variant="secondary">Lead</Badge>
            </li>
          ) : null}
          {members.map((member) => (
            <li key={member.id} className="rounded-md border px-2.5 py-1">
              {member.name}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">Nobody is on this audit’s team yet.</p>
      )}
      {!lead && members.length > 0 ? (
        <p className="text-sm text-muted-foreground">No lead yet.</p>
      ) : null}
    </section>
  )
}

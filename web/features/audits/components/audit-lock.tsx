import type { AuditDetail } from '@shared/schemas/audits'
import { Lock } from 'lucide-react'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { toast } from '@/lib/toast'
import { useSetAuditLock } from '../api/lock-audit'

/** "Complete Audit", for the firm while the audit is open. */
export function CompleteAuditButton({ audit }: { audit: AuditDetail }) {
  const setLock = useSetAuditLock()
  return (
    <ConfirmDialog
      triggerLabel="Complete Audit"
      triggerContext={audit.name}
      title="Complete and lock this audit?"
      description={
        <>
          Nothing in &ldquo;{audit.name}&rdquo; can change once it is completed: no edits, new
          requests, uploads, answers or comments, until an admin reopens it. Exports and reports
          stay available.
        </>
      }
      confirmLabel="Complete Audit"
      pendingLabel="Completing..."
      failureTitle="Failed to complete the audit"
      onConfirm={() =>
        setLock
          .mutateAsync({ auditId: audit.id, locked: true })
          .then(() => toast({ title: 'Audit completed and locked' }))
      }
    />
  )
}

/** What a completed audit says to everyone, with "Reopen" for the admins who may. */
export function AuditLockedNotice({ audit }: { audit: AuditDetail }) {
  const setLock = useSetAuditLock()
  if (audit.status !== 'completed') return null
  return (
    <section
      aria-label="Audit locked"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-muted/50 px-4 py-3 text-sm"
    >
      <p className="flex items-center gap-2">
        <Lock aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        <span>
          <span className="font-medium">Completed and locked.</span> Nothing in this audit can
          change until an admin reopens it.
        </span>
      </p>
      {audit.allowedActions.includes('reopen') ? (
        <ConfirmDialog
          triggerLabel="Reopen Audit"
          triggerContext={audit.name}
          title="Reopen this audit?"
          description="It goes back in progress: its requests, answers and comments can change again. The trail records who reopened it."
          confirmLabel="Reopen Audit"
          pendingLabel="Reopening..."
          failureTitle="Failed to reopen the audit"
          onConfirm={() =>
            setLock
              .mutateAsync({ auditId: audit.id, locked: false })
              .then(() => toast({ title: 'Audit reopened' }))
          }
        />
      ) : null}
    </section>
  )
}

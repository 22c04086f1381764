import { zodResolver } from '@hookform/resolvers/zod'
import {
  updateTeamInput,
  type AuditDetail,
  type TeamMember,
  type UpdateTeamInput,
} from '@shared/schemas/audits'
import { useQuery } from '@tanstack/react-query'
import { useId, type ReactElement } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { FormDialog } from '@/components/form-dialog'
import { SelectField } from '@/components/select-field'
import { DialogFooter } from '@/components/ui/dialog'
import { PendingButton } from '@/components/ui/pending-button'
import { applyServerFieldErrors, toastFailure } from '@/lib/mutation-feedback'
import { auditQueries } from '@/lib/queries/engagements'
import { toast } from '@/lib/toast'
import { useUpdateTeam } from '../api/update-team'

const FIELDS = ['leadId', 'memberIds'] as const

/** The audit's lead (or none) and its other members, chosen among the firm's people. */
export function EditTeamDialog({ audit, trigger }: { audit: AuditDetail; trigger: ReactElement }) {
  return (
    <FormDialog
      title="Edit Team"
      description="The lead runs the audit for the firm; the members work on it with them."
      trigger={trigger}
    >
      {(done) => <EditTeamForm audit={audit} onDone={done} />}
    </FormDialog>
  )
}

function EditTeamForm({ audit, onDone }: { audit: AuditDetail; onDone: () => void }) {
  const candidates = useQuery(auditQueries.teamCandidates(audit.id))
  const updateTeam = useUpdateTeam()
  const form = useForm<UpdateTeamInput>({
    resolver: zodResolver(updateTeamInput),
    defaultValues: {
      leadId: audit.lead?.id ?? null,
      memberIds: audit.members.map((member) => member.id),
    },
  })
  const { errors } = form.formState
  const membersId = useId()
  const leadId = form.watch('leadId')
  const people = withCurrentTeam(candidates.data, audit)

  const onSubmit = form.handleSubmit(async (values) => {
    const input = {
      leadId: values.leadId,
      // The lead is not also one of the "other" members.
      memberIds: values.memberIds.filter((id) => id !== values.leadId),
    }
    try {
      await updateTeam.mutateAsync({ auditId: audit.id, input })
      toast({ title: 'Team updated' })
      onDone()
    } catch (error) {
      applyServerFieldErrors(error, form.setError, FIELDS)
      toastFailure('Failed to update the team', error)
    }
  })

  const loadError = candidates.isError ? 'The firm’s people could not be loaded.' : undefined

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <SelectField
        control={form.control}
        name="leadId"
        label="Lead"
        none={{ label: 'No lead', value: null }}
        options={people?.map((person) => ({ value: person.id, label: person.name }))}
        description={loadError}
      />
      <Controller
        control={form.control}
        name="memberIds"
        render={({ field }) => (
          <fieldset
            className="grid gap-2"
            aria-describedby={errors.memberIds ? `${membersId}-error` : undefined}
          >
            <legend className="mb-2 text-sm font-medium">Members</legend>
            {people ? (
              <ul className="grid max-h-64 gap-1 overflow-y-auto rounded-md border p-2">
                {people
                  .filter((person) => person.id !== leadId)
                  .map((person) => (
                    <li key={person.id}>
                      <label className="flex cursor-pointer items-start gap-3 rounded-sm p-2 text-sm hover:bg-accent">
                        <input
                          type="checkbox"
                          className="mt-0.5 size-4 accent-primary"
                          checked={field.value.includes(person.id)}
                          onChange={(event) =>
                            field.onChange(
                              event.target.checked
                                ? [...field.value, person.id]
                                : field.value.filter((id) => id !== person.id),
                            )
                          }
                        />
                        <span className="grid gap-0.5">
                          <span>{person.name}</span>
                          <span className="text-muted-foreground">{person.email}</span>
                        </span>
                      </label>
                    </li>
                  ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">
                {candidates.isError ? 'Not available.' : 'Loading...'}
              </p>
            )}
            {errors.memberIds ? (
              <p id={`${membersId}-error`} className="text-sm font-medium text-destructive">
                {errors.memberIds.message}
              </p>
            ) : null}
          </fieldset>
        )}
      />
      <DialogFooter>
        <PendingButton type="submit" pending={updateTeam.isPending} pendingLabel="Saving...">
          Save Team
        </PendingButton>
      </DialogFooter>
    </form>
  )
}

/** The candidates, plus anyone already on the team who is no longer one (so they can be taken off). */
function withCurrentTeam(candidates: TeamMember[] | undefined, audit: AuditDetail) {
  if (!candidates) return undefined
  const known = new Set(candidates.map((person) => person.id))
  const team = [...(audit.lead ? [audit.lead] : []), ...audit.members]
  return [...candidates, ...team.filter((person) => !known.has(person.id))]
}

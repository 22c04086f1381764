import { zodResolver } from '@hookform/resolvers/zod'
import {
  updateTeamInput,
  type AuditDetail,
  type TeamMember,
  type UpdateTeamInput,
} from '@shared/schemas/audits'
import { useId, useState, type ReactElement } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { FormDialog } from '@/components/form-dialog'
import { ListSection } from '@/components/list-section'
import { PagedComboboxField } from '@/components/paged-combobox-field'
import { SearchField } from '@/components/search-field'
import { DialogFooter } from '@/components/ui/dialog'
import { PendingButton } from '@/components/ui/pending-button'
import { Spinner } from '@/components/ui/spinner'
import { applyServerFieldErrors, toastFailure } from '@/lib/mutation-feedback'
import { countOf } from '@/lib/plural'
import { auditQueries } from '@/lib/queries/engagements'
import { toast } from '@/lib/toast'
import { usePagedSearch } from '@/lib/use-paged-search'
import { useUpdateTeam } from '../api/update-team'

const FIELDS = ['leadId', 'memberIds'] as const
const LOAD_ERROR = 'The firm’s people could not be loaded.'

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
  const updateTeam = useUpdateTeam()
  const form = useForm<UpdateTeamInput>({
    resolver: zodResolver(updateTeamInput),
    defaultValues: {
      leadId: audit.lead?.id ?? null,
      memberIds: audit.members.map((member) => member.id),
    },
  })
  const leadId = form.watch('leadId')
  const leads = usePagedSearch((q) => auditQueries.teamCandidates(audit.id, { q }))

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

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <PagedComboboxField
        control={form.control}
        name="leadId"
        label="Lead"
        placeholder="Search the firm’s people"
        list={leads}
        toOption={(person) => ({ value: person.id, label: person.name })}
        loadError={LOAD_ERROR}
        currentLabel={audit.lead?.name}
        none={{ label: 'No lead', value: null }}
      />
      <Controller
        control={form.control}
        name="memberIds"
        render={({ field, fieldState }) => (
          <MembersField
            audit={audit}
            leadId={leadId}
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
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

/**
 * The other members: the chosen ones first (the team as it stands stays listed even if someone is
 * no longer one of the firm's people, so they can be taken off), then the firm's people a page at
 * a time, searched on the server by name or e-mail.
 */
function MembersField({
  audit,
  leadId,
  value,
  onChange,
  error,
}: {
  audit: AuditDetail
  leadId: string | null
  value: string[]
  onChange: (ids: string[]) => void
  error: string | undefined
}) {
  const id = useId()
  const {
    search,
    setSearch,
    q,
    query: candidates,
  } = usePagedSearch((text) => auditQueries.teamCandidates(audit.id, { q: text }))
  // Everyone chosen so far, by id: their names stay known whatever the search shows.
  const [known, setKnown] = useState(
    () =>
      new Map<string, TeamMember>(
        [...(audit.lead ? [audit.lead] : []), ...audit.members].map((person) => [
          person.id,
          person,
        ]),
      ),
  )
  const chosenIds = value.filter((memberId) => memberId !== leadId)
  const chosen = q
    ? []
    : chosenIds.flatMap((memberId) => {
        const person = known.get(memberId)
        return person ? [person] : []
      })
  const offered = (candidates.data ?? []).filter(
    (person) => person.id !== leadId && !(q === undefined && value.includes(person.id)),
  )

  const toggle = (person: TeamMember, checked: boolean) => {
    if (checked) {
      setKnown((map) => new Map(map).set(person.id, person))
      onChange([...value, person.id])
    } else onChange(value.filter((memberId) => memberId !== person.id))
  }

  const people = [...chosen, ...offered]
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${id}-error` : `${id}-count`}>
      <legend className="mb-2 text-sm font-medium">Members</legend>
      <p id={`${id}-count`} className="text-sm text-muted-foreground">
        {chosenIds.length === 0
          ? 'No members chosen'
          : `${countOf(chosenIds.length, 'member')} chosen`}
      </p>
      <SearchField
        label="Search for members"
        value={search}
        onChange={setSearch}
        className="sm:max-w-none"
      />
      <ListSection
        query={candidates}
        loading={<Spinner label="Loading..." showLabel />}
        error={<p className="text-sm text-muted-foreground">{LOAD_ERROR}</p>}
        isEmpty={() => people.length === 0}
        empty={
          <p role="status" className="text-sm text-muted-foreground">
            {q ? `No results for “${q}”` : 'No one else at the firm yet.'}
          </p>
        }
        loadMoreLabel="Load more"
        className="block max-h-64 overflow-y-auto rounded-md border p-2"
      >
        {() => (
          <ul className="grid gap-1">
            {people.map((person) => (
              <li key={person.id}>
                <label className="flex cursor-pointer items-start gap-3 rounded-sm p-2 text-sm hover:bg-accent">
                  <input
                    type="checkbox"
                    className="mt-0.5 size-4 accent-primary"
                    checked={value.includes(person.id)}
                    onChange={(event) => toggle(person, event.target.checked)}
                  />
                  <span className="grid gap-0.5">
                    <span>{person.name}</span>
                    <span className="text-muted-foreground">{person.email}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </ListSection>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}

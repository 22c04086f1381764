import { PROJECT_STATUSES, PROJECT_STATUS_LABELS } from '@shared/schemas/projects'
import {
  AUDIT_STAGES,
  AUDIT_STAGE_LABELS,
  QUIET_DAYS,
  type AuditStage,
} from '@shared/schemas/reports'
import { TriangleAlert } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { Combobox, type ComboboxOption } from '@/components/combobox'
import { listReadFailed } from '@/components/list-section'
import type { PagedOptions } from '@/components/paged-combobox-field'
import { SearchField } from '@/components/search-field'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select'
import { errorMessage } from '@/lib/api'
import { searchText } from '@/lib/queries/paged'
import { SEARCH_DEBOUNCE_MS } from '@/lib/use-debounced-value'
import { cn } from '@/lib/utils'
import {
  clearedFilter,
  isChanged,
  parseQuietDays,
  type PortfolioFilter,
} from '../lib/portfolio-filter'

const ANY = 'any'

export interface PersonOption {
  id: string
  name: string
}

/**
 * The portfolio's filters, each kept in the address: a search on the audit's, project's and
 * client's names, the client, the lead, the project's status, the stages, slipping only, after
 * how many quiet days an audit is slipping, and the way back to all of them.
 */
export function PortfolioFilters({
  filter,
  onChange,
  clients,
  leads,
  clientName,
  leadName,
}: {
  filter: PortfolioFilter
  onChange: (filter: PortfolioFilter) => void
  /** The firm's clients, searched on the server. */
  clients: PagedOptions<PersonOption>
  /** The firm's people, searched on the server; undefined while none can be asked for. */
  leads: PagedOptions<PersonOption> | undefined
  /** What the chosen client and lead are called, when known before any search finds them. */
  clientName?: string
  leadName?: string
}) {
  const toggleStage = (stage: AuditStage) =>
    onChange({
      ...filter,
      stages: filter.stages.includes(stage)
        ? filter.stages.filter((each) => each !== stage)
        : AUDIT_STAGES.filter((each) => each === stage || filter.stages.includes(each)),
    })

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <SearchBox value={filter.q} onChange={(q) => onChange({ ...filter, q })} />
        <FilterCombobox
          label="Client"
          allLabel="All clients"
          value={filter.clientId}
          knownLabel={clientName}
          onChange={(clientId) => onChange({ ...filter, clientId })}
          list={clients}
          loadError="The clients could not be loaded."
        />
        <FilterCombobox
          label="Lead"
          allLabel="All leads"
          value={filter.leadId}
          knownLabel={leadName}
          onChange={(leadId) => onChange({ ...filter, leadId })}
          list={leads}
          loadError="The firm’s people could not be loaded."
        />
        <Select
          value={filter.projectStatus ?? ANY}
          onValueChange={(value) =>
            onChange({
              ...filter,
              projectStatus:
                value === ANY ? undefined : (value as PortfolioFilter['projectStatus']),
            })
          }
        >
          <SelectTrigger aria-label="Project status" className="w-full sm:w-48">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ANY}>Any project status</SelectItem>
            {PROJECT_STATUSES.map((status) => (
              <SelectItem key={status} value={status}>
                Project {PROJECT_STATUS_LABELS[status].toLowerCase()}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <div role="group" aria-label="Stage" className="flex flex-wrap gap-1.5">
          {AUDIT_STAGES.map((stage) => (
            <Chip
              key={stage}
              pressed={filter.stages.includes(stage)}
              onClick={() => toggleStage(stage)}
              label={AUDIT_STAGE_LABELS[stage]}
            />
          ))}
        </div>
        <Button
          variant={filter.slippingOnly ? 'default' : 'outline'}
          size="sm"
          aria-pressed={filter.slippingOnly}
          onClick={() => onChange({ ...filter, slippingOnly: !filter.slippingOnly })}
        >
          <TriangleAlert aria-hidden="true" />
          Slipping only
        </Button>
        <QuietDaysField
          value={filter.quietDays}
          onChange={(quietDays) => onChange({ ...filter, quietDays })}
        />
        {isChanged(filter) ? (
          <Button variant="ghost" size="sm" onClick={() => onChange(clearedFilter(filter))}>
            Clear filters
          </Button>
        ) : null}
      </div>
    </div>
  )
}

function Chip({
  pressed,
  onClick,
  label,
}: {
  pressed: boolean
  onClick: () => void
  label: string
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        'inline-flex h-8 cursor-pointer items-center rounded-full border px-3 text-sm font-medium whitespace-nowrap transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        pressed
          ? 'border-primary bg-primary text-primary-foreground'
          : 'border-input bg-background text-foreground hover:bg-accent',
      )}
    >
      {label}
    </button>
  )
}

/**
 * Text typed into a field that changes the filter once typing pauses (`commit`). Another change
 * of the address (Back, Clear filters) shows its own value, and wins, unless what is typed
 * already means the same (`matches`).
 */
function useDebouncedInput(
  value: string,
  commit: (text: string) => void,
  matches: (typed: string, value: string) => boolean,
) {
  const [text, setText] = useState(value)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  // The pause ends in a later render: it commits to the filter as it is then.
  const latest = useRef(commit)
  latest.current = commit
  useEffect(() => () => clearTimeout(timer.current), [])
  useEffect(() => {
    setText((typed) => {
      if (matches(typed, value)) return typed
      clearTimeout(timer.current)
      return value
    })
  }, [value, matches])

  const type = (next: string) => {
    setText(next)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => latest.current(next), SEARCH_DEBOUNCE_MS)
  }
  return [text, type] as const
}

const sameSearch = (typed: string, value: string) => (searchText(typed) ?? '') === value
const sameDays = (typed: string, value: string) => parseQuietDays(typed) === Number(value)

function SearchBox({
  value,
  onChange,
}: {
  value: string | undefined
  onChange: (q: string | undefined) => void
}) {
  const [text, type] = useDebouncedInput(
    value ?? '',
    (next) => {
      const q = searchText(next)
      if (q !== value) onChange(q)
    },
    sameSearch,
  )
  return (
    <SearchField
      label="Search audits"
      placeholder="Search audit, project or client..."
      value={text}
      onChange={type}
      className="sm:max-w-xs"
    />
  )
}

/** After how many days without a word from the client an open audit is slipping. */
function QuietDaysField({ value, onChange }: { value: number; onChange: (days: number) => void }) {
  const id = useId()
  const [text, type] = useDebouncedInput(
    String(value),
    (next) => {
      const days = parseQuietDays(next)
      if (days !== undefined && days !== value) onChange(days)
    },
    sameDays,
  )
  const invalid = parseQuietDays(text) === undefined
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <Label htmlFor={id} className="font-normal text-muted-foreground">
        Slipping when quiet for
      </Label>
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={QUIET_DAYS.max}
        step={1}
        value={text}
        onChange={(event) => type(event.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={`${id}-unit${invalid ? ` ${id}-error` : ''}`}
        className="h-9 w-20 tabular-nums"
      />
      <span id={`${id}-unit`} className="text-sm text-muted-foreground">
        days
      </span>
      {invalid ? (
        <span id={`${id}-error`} role="alert" className="text-sm text-destructive">
          A whole number from 1 to {QUIET_DAYS.max}
        </span>
      ) : null}
    </div>
  )
}

/**
 * One of many (the firm's clients or people) as a filter: searched on the server as one types,
 * a page at a time, "All …" first to leave the filter off.
 */
function FilterCombobox({
  label,
  allLabel,
  value,
  knownLabel,
  onChange,
  list,
  loadError,
}: {
  label: string
  allLabel: string
  value: string | undefined
  knownLabel: string | undefined
  onChange: (value: string | undefined) => void
  /** Undefined: nothing to choose from yet (the field is disabled). */
  list: PagedOptions<PersonOption> | undefined
  loadError: string
}) {
  const id = useId()
  // The chosen option's name, kept when a later search no longer holds it.
  const [chosen, setChosen] = useState<ComboboxOption | null>(null)
  const query = list?.query
  const failed = query ? listReadFailed(query) : false
  const options = failed ? [] : query?.data?.map((item) => ({ value: item.id, label: item.name }))
  const search = list?.search ?? ''
  const choices =
    options && !search.trim() ? [{ value: null, label: allLabel }, ...options] : options
  const valueLabel =
    value === undefined
      ? undefined
      : chosen?.value === value
        ? chosen.label
        : (options?.find((option) => option.value === value)?.label ??
          knownLabel ??
          `Chosen ${label.toLowerCase()}`)

  return (
    <div className="w-full sm:w-52">
      <Label htmlFor={id} className="sr-only">
        {label}
      </Label>
      <Combobox
        control={{ id }}
        value={value ?? null}
        valueLabel={valueLabel}
        onChange={(option) => {
          setChosen(option)
          onChange(option.value ?? undefined)
        }}
        search={search}
        onSearch={(text) => list?.setSearch(text)}
        options={choices}
        searching={query ? query.isPlaceholderData || query.isFetching : false}
        more={query?.hasNextPage ?? false}
        onLoadMore={() => void query?.fetchNextPage()}
        loadingMore={query?.isFetchingNextPage ?? false}
        loadMoreError={
          query?.isFetchNextPageError
            ? errorMessage(query.error, 'The next page could not be loaded.')
            : undefined
        }
        error={failed ? loadError : undefined}
        onRetry={() => void query?.refetch()}
        placeholder={allLabel}
        disabled={list === undefined}
      />
    </div>
  )
}

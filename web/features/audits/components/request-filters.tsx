import {
  REQUEST_STATUS_LABELS,
  REQUEST_STATUSES,
  type Assignee,
  type AuditSection,
  type RequestList,
  type RequestStatus,
} from '@shared/schemas/requests'
import { useEffect, useRef, useState } from 'react'
import { SearchField } from '@/components/search-field'
import { Button } from '@/components/ui/button'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select'
import { searchText } from '@/lib/queries/paged'
import { SEARCH_DEBOUNCE_MS } from '@/lib/use-debounced-value'
import { cn } from '@/lib/utils'
import { isFiltered, type RequestTableFilter } from '../lib/request-table-filter'
import { MOVE_LABELS, useViewerSide } from './whose-move'

const ANY = 'any'

/**
 * The table's filters: status chips with their counts (several may be on), a search on title,
 * description and number, whose move, assignee (the firm's), overdue only, and the way back.
 */
export function RequestFilters({
  filter,
  onChange,
  counts,
  assignees,
  sections,
}: {
  filter: RequestTableFilter
  onChange: (filter: RequestTableFilter) => void
  /** Per status, under every filter but the status one (undefined while loading). */
  counts: RequestList['counts'] | undefined
  /** The people requests may be assigned to (the firm's filter); undefined: no such filter. */
  assignees: Assignee[] | undefined
  /** The audit's sections (none: no such filter). */
  sections: AuditSection[] | undefined
}) {
  const side = useViewerSide()
  const toggleStatus = (status: RequestStatus) =>
    onChange({
      ...filter,
      statuses: filter.statuses.includes(status)
        ? filter.statuses.filter((each) => each !== status)
        : REQUEST_STATUSES.filter((each) => each === status || filter.statuses.includes(each)),
    })
  const total = counts ? Object.values(counts).reduce((sum, count) => sum + count, 0) : undefined

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <SearchBox value={filter.q} onChange={(q) => onChange({ ...filter, q })} />
        <Select
          value={filter.whoseMove ?? ANY}
          onValueChange={(value) =>
            onChange({ ...filter, whoseMove: value === ANY ? undefined : (value as 'client') })
          }
        >
          <SelectTrigger aria-label="Whose move" className="h-9 w-auto min-w-36">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ANY}>Anyone’s move</SelectItem>
            {(side === 'firm' ? (['firm', 'client'] as const) : (['client', 'firm'] as const)).map(
              (move) => (
                <SelectItem key={move} value={move}>
                  {MOVE_LABELS[side][move]}
                </SelectItem>
              ),
            )}
          </SelectContent>
        </Select>
        {assignees ? (
          <Select
            value={filter.assigneeId ?? ANY}
            onValueChange={(value) =>
              onChange({ ...filter, assigneeId: value === ANY ? undefined : value })
            }
          >
            <SelectTrigger aria-label="Assignee" className="h-9 w-auto max-w-56 min-w-36">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ANY}>Any assignee</SelectItem>
              {assignees.map((user) => (
                <SelectItem key={user.id} value={user.id}>
                  {user.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        ) : null}
        {sections && sections.length > 0 ? (
          <Select
            value={filter.section ?? ANY}
            onValueChange={(value) =>
              onChange({ ...filter, section: value === ANY ? undefined : value })
            }
          >
            <SelectTrigger aria-label="Section" className="h-9 w-auto max-w-56 min-w-36">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ANY}>Any section</SelectItem>
              {sections.map((section) => (
                <SelectItem key={section.name} value={section.name}>
                  {section.name} ({section.requests})
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        ) : null}
        <Button
          variant={filter.overdue ? 'default' : 'outline'}
          size="sm"
          className="h-9"
          aria-pressed={filter.overdue}
          onClick={() => onChange({ ...filter, overdue: !filter.overdue })}
        >
          Overdue only
        </Button>
        {isFiltered(filter) ? (
          <Button
            variant="ghost"
            size="sm"
            className="h-9"
            onClick={() =>
              onChange({ statuses: [], overdue: false, sort: filter.sort, q: undefined })
            }
          >
            Clear filters
          </Button>
        ) : null}
      </div>
      <div role="group" aria-label="Status" className="flex flex-wrap gap-1.5">
        <Chip
          pressed={filter.statuses.length === 0}
          onClick={() => onChange({ ...filter, statuses: [] })}
          label="All"
          count={total}
        />
        {REQUEST_STATUSES.map((status) => (
          <Chip
            key={status}
            pressed={filter.statuses.includes(status)}
            onClick={() => toggleStatus(status)}
            label={REQUEST_STATUS_LABELS[status]}
            count={counts?.[status]}
          />
        ))}
      </div>
    </div>
  )
}

function Chip({
  pressed,
  onClick,
  label,
  count,
}: {
  pressed: boolean
  onClick: () => void
  label: string
  count: number | undefined
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        'inline-flex h-8 cursor-pointer items-center gap-1.5 rounded-full border px-3 text-sm font-medium whitespace-nowrap transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        pressed
          ? 'border-primary bg-primary text-primary-foreground'
          : 'border-input bg-background text-foreground hover:bg-accent',
        count === 0 && !pressed && 'text-muted-foreground',
      )}
    >
      {label}
      <span
        className={cn(
          'min-w-[1.5ch] text-xs tabular-nums',
          pressed ? 'text-primary-foreground' : 'text-muted-foreground',
        )}
      >
        {count ?? '–'}
      </span>
    </button>
  )
}

/** The search text as typed; the filter changes once typing pauses. */
function SearchBox({
  value,
  onChange,
}: {
  value: string | undefined
  onChange: (q: string | undefined) => void
}) {
  const [text, setText] = useState(value ?? '')
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  // The pause ends in a later render: it changes the filter as it is then.
  const latest = useRef({ value, onChange })
  latest.current = { value, onChange }
  useEffect(() => () => clearTimeout(timer.current), [])
  // Another change of the address (Back, Clear filters) shows its own search, and wins.
  useEffect(() => {
    setText((typed) => {
      if (searchText(typed) === value) return typed
      clearTimeout(timer.current)
      return value ?? ''
    })
  }, [value])

  const type = (next: string) => {
    setText(next)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      const q = searchText(next)
      if (q !== latest.current.value) latest.current.onChange(q)
    }, SEARCH_DEBOUNCE_MS)
  }
  return (
    <SearchField
      label="Search requests"
      placeholder="Search title, section, reference or #number..."
      value={text}
      onChange={type}
      className="sm:max-w-xs"
    />
  )
}

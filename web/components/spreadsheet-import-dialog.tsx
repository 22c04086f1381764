import { ANSWER_TYPE_LABELS } from '@shared/schemas/answers'
import {
  IMPORT_FIELD_LABELS,
  IMPORT_LIMITS,
  type ImportField,
  type ImportMapping,
  type ImportPreview,
  type ImportRow,
} from '@shared/schemas/imports'
import { formatSize } from '@shared/format'
import { useId, useRef, useState, type ReactElement } from 'react'
import { FormError } from '@/components/form-error'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { PendingButton } from '@/components/ui/pending-button'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select'
import { Spinner } from '@/components/ui/spinner'
import { formatCalendarDate } from '@/lib/dates'
import { keepFocusInPage } from '@/lib/focus'
import { serverMessage } from '@/lib/mutation-feedback'
import { countOf } from '@/lib/plural'
import { toast } from '@/lib/toast'
import { useMutation } from '@tanstack/react-query'

/** Rows drawn in the preview at most; those with problems come first among them. */
const ROWS_SHOWN = 300
const NO_COLUMN = 'none'

/** What a spreadsheet is read with: the sheet (the best one when absent) and the columns chosen. */
export interface SpreadsheetChoices {
  sheet?: string
  mapping?: ImportMapping
}

/** The choices as the import routes' form fields (`sheet`, `mapping` as JSON), those given only. */
export const choiceFields = ({ sheet, mapping }: SpreadsheetChoices) => ({
  ...(sheet === undefined ? {} : { sheet }),
  ...(mapping === undefined ? {} : { mapping: JSON.stringify(mapping) }),
})

interface SpreadsheetImportProps {
  title: string
  description: string
  trigger: ReactElement
  /** The fields offered for mapping, in order. */
  fields: readonly ImportField[]
  /** Whether rows carry a due date and an assignee (an audit's requests). */
  planned: boolean
  hint: string
  /** Reads the file and checks every row; writes nothing. */
  preview: (file: File, choices: SpreadsheetChoices, signal: AbortSignal) => Promise<ImportPreview>
  /** Writes every row or none; says what it did, for the toast. */
  commit: (file: File, choices: SpreadsheetChoices) => Promise<string>
}

/**
 * Brings rows from an .xlsx or .csv file: every row is checked and shown (with what it will do
 * and what is wrong with it) before anything is written; the sheet and each field's column can be
 * changed, each change read again by the server (decision 038).
 */
export function SpreadsheetImportDialog({
  title,
  description,
  trigger,
  ...form
}: SpreadsheetImportProps) {
  const [open, setOpen] = useState(false)
  const done = () => {
    setOpen(false)
    keepFocusInPage()
  }
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="sm:max-w-4xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {open ? <ImportForm {...form} onDone={done} /> : null}
      </DialogContent>
    </Dialog>
  )
}

function ImportForm({
  fields,
  planned,
  hint,
  preview: readFile,
  commit,
  onDone,
}: Omit<SpreadsheetImportProps, 'title' | 'description' | 'trigger'> & { onDone: () => void }) {
  const fileId = useId()
  const hintId = useId()
  const [file, setFile] = useState<File | null>(null)
  const [preview, setPreview] = useState<ImportPreview | null>(null)
  const [failure, setFailure] = useState<string>()
  const latest = useRef<AbortController | null>(null)
  const previewing = useMutation({
    mutationFn: ({
      file,
      choices,
      signal,
    }: {
      file: File
      choices: SpreadsheetChoices
      signal: AbortSignal
    }) => readFile(file, choices, signal),
  })
  const importing = useMutation({
    mutationFn: ({ file, choices }: { file: File; choices: SpreadsheetChoices }) =>
      commit(file, choices),
  })

  const read = async (chosen: File, choices: SpreadsheetChoices = {}) => {
    latest.current?.abort()
    const controller = new AbortController()
    latest.current = controller
    setFailure(undefined)
    try {
      const read = await previewing.mutateAsync({
        file: chosen,
        choices,
        signal: controller.signal,
      })
      if (latest.current === controller) setPreview(read)
    } catch (error) {
      if (controller.signal.aborted) return
      setPreview(null)
      setFailure(serverMessage(error) ?? 'The file could not be read. Please try again.')
    }
  }

  const onFile = (chosen: File | undefined) => {
    setFile(chosen ?? null)
    setPreview(null)
    if (!chosen) return
    if (chosen.size > IMPORT_LIMITS.bytes) {
      setFailure(`The file may be at most ${formatSize(IMPORT_LIMITS.bytes)}`)
      return
    }
    void read(chosen)
  }

  const remap = (field: ImportField, value: string) => {
    if (!file || !preview) return
    const column = value === NO_COLUMN ? null : Number(value)
    void read(file, { sheet: preview.sheet, mapping: { ...preview.mapping, [field]: column } })
  }

  const onImport = async () => {
    if (!file || !preview) return
    setFailure(undefined)
    const choices = { sheet: preview.sheet, mapping: preview.mapping }
    try {
      toast({ title: await importing.mutateAsync({ file, choices }) })
      onDone()
    } catch (error) {
      setFailure(serverMessage(error) ?? 'The import failed. Please try again.')
      // What is there may have changed meanwhile: read the file again against it.
      void read(file, choices)
    }
  }

  const counts = preview?.counts
  const writes = (counts?.add ?? 0) + (counts?.update ?? 0)
  const ready = preview !== null && counts!.errors === 0 && writes > 0 && !previewing.isPending

  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={fileId}>Spreadsheet</Label>
        <Input
          id={fileId}
          type="file"
          accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          aria-describedby={hintId}
          onChange={(event) => onFile(event.target.files?.[0])}
        />
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint} At most {formatSize(IMPORT_LIMITS.bytes)} and{' '}
          {IMPORT_LIMITS.rows.toLocaleString('en-US')} rows.
        </p>
      </div>

      <FormError message={failure} variant="banner" />

      {previewing.isPending && !preview ? <Spinner label="Reading the file…" showLabel /> : null}

      {preview ? (
        <>
          <ColumnChoices
            preview={preview}
            fields={fields}
            onSheet={(sheet) => file && void read(file, { sheet })}
            onColumn={remap}
          />
          <PreviewSummary
            preview={preview}
            busy={previewing.isPending}
            noun={planned ? 'request' : 'item'}
          />
          <PreviewTable rows={preview.rows} planned={planned} />
        </>
      ) : null}

      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <PendingButton
          type="button"
          disabled={!ready}
          pending={importing.isPending}
          pendingLabel="Importing..."
          onClick={() => void onImport()}
        >
          {writes > 0 ? `Import ${countOf(writes, 'Row')}` : 'Import'}
        </PendingButton>
      </DialogFooter>
    </div>
  )
}

/** The sheet to read and the column of each field, as detected and as changed by hand. */
function ColumnChoices({
  preview,
  fields,
  onSheet,
  onColumn,
}: {
  preview: ImportPreview
  fields: readonly ImportField[]
  onSheet: (sheet: string) => void
  onColumn: (field: ImportField, value: string) => void
}) {
  const id = useId()
  return (
    <fieldset className="grid gap-3 rounded-md border p-3">
      <legend className="px-1 text-sm font-medium">Columns</legend>
      {preview.sheets.length > 1 ? (
        <div className="grid gap-1.5 sm:max-w-xs">
          <Label htmlFor={`${id}-sheet`}>Sheet</Label>
          <Select value={preview.sheet} onValueChange={onSheet}>
            <SelectTrigger id={`${id}-sheet`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {preview.sheets.map((sheet) => (
                <SelectItem key={sheet} value={sheet}>
                  {sheet}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {fields.map((field) => {
          const column = preview.mapping[field]
          return (
            <div key={field} className="grid gap-1.5">
              <Label htmlFor={`${id}-${field}`}>{IMPORT_FIELD_LABELS[field]}</Label>
              <Select
                value={column === null ? NO_COLUMN : String(column)}
                onValueChange={(value) => onColumn(field, value)}
              >
                <SelectTrigger id={`${id}-${field}`}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={NO_COLUMN}>Not in the file</SelectItem>
                  {preview.columns.map((name, index) => (
                    <SelectItem key={index} value={String(index)}>
                      {name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          )
        })}
      </div>
    </fieldset>
  )
}

function PreviewSummary({
  preview,
  busy,
  noun,
}: {
  preview: ImportPreview
  busy: boolean
  noun: string
}) {
  const { counts } = preview
  const parts = [
    countOf(counts.add, `new ${noun}`),
    counts.update > 0 ? `${countOf(counts.update, 'draft')} to update` : null,
    counts.keep > 0
      ? `${countOf(counts.keep, 'sent request')} left as ${counts.keep === 1 ? 'it is' : 'they are'}`
      : null,
  ].filter(Boolean)
  return (
    <div className="grid gap-1 text-sm">
      {busy ? <Spinner label="Reading the file again…" showLabel /> : null}
      <p role="status">
        {preview.rows.length === 0
          ? 'The sheet has no rows under its header.'
          : `${countOf(preview.rows.length, 'row')}: ${parts.join(', ')}.`}
      </p>
      {counts.errors > 0 ? (
        <p className="font-medium text-destructive">
          {countOf(counts.errors, 'row has', 'rows have')} problems: correct the columns above or
          the file, then choose it again.
        </p>
      ) : null}
    </div>
  )
}

const ACTION_BADGES = {
  add: { label: 'New', variant: 'secondary' },
  update: { label: 'Update', variant: 'warning' },
  keep: { label: 'Already sent', variant: 'neutral' },
} as const

function PreviewTable({ rows, planned }: { rows: ImportRow[]; planned: boolean }) {
  if (rows.length === 0) return null
  const shown =
    rows.length <= ROWS_SHOWN
      ? rows
      : [
          ...rows.filter((row) => row.errors.length > 0),
          ...rows.filter((row) => row.errors.length === 0),
        ]
          .slice(0, ROWS_SHOWN)
          .sort((a, b) => a.row - b.row)
  // The answer types are shown when the file gives any but a written response.
  const typed = rows.some((row) => row.values.answerType !== 'text')
  return (
    <div className="grid gap-1">
      <div className="max-h-80 overflow-auto rounded-md border">
        <table className="w-full text-sm">
          <caption className="sr-only">The file’s rows as they would be imported</caption>
          <thead className="sticky top-0 bg-muted text-left text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="px-2 py-1.5 font-medium">
                Row
              </th>
              <th scope="col" className="px-2 py-1.5 font-medium">
                What
              </th>
              <th scope="col" className="px-2 py-1.5 font-medium">
                Title
              </th>
              {typed ? (
                <th scope="col" className="px-2 py-1.5 font-medium">
                  Answer type
                </th>
              ) : null}
              {planned ? (
                <>
                  <th scope="col" className="px-2 py-1.5 font-medium">
                    Due
                  </th>
                  <th scope="col" className="px-2 py-1.5 font-medium">
                    Assignee
                  </th>
                </>
              ) : null}
              <th scope="col" className="px-2 py-1.5 font-medium">
                Problems
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => {
              const badge = ACTION_BADGES[row.action]
              return (
                <tr
                  key={row.row}
                  className={
                    row.errors.length > 0 ? 'bg-destructive-soft/40 align-top' : 'align-top'
                  }
                >
                  <td className="px-2 py-1.5 tabular-nums text-muted-foreground">{row.row}</td>
                  <td className="px-2 py-1.5">
                    <Badge variant={badge.variant}>
                      {badge.label}
                      {row.number === null ? '' : ` #${row.number}`}
                    </Badge>
                  </td>
                  <td className="max-w-64 px-2 py-1.5 break-words">{row.values.title ?? '—'}</td>
                  {typed ? (
                    <td className="max-w-48 px-2 py-1.5 break-words">
                      {ANSWER_TYPE_LABELS[row.values.answerType]}
                      {row.values.choices ? (
                        <span className="block text-xs text-muted-foreground">
                          {row.values.choices.join(' / ')}
                        </span>
                      ) : null}
                    </td>
                  ) : null}
                  {planned ? (
                    <>
                      <td className="px-2 py-1.5 whitespace-nowrap tabular-nums">
                        {row.values.dueDate ? formatCalendarDate(row.values.dueDate) : '—'}
                      </td>
                      <td className="px-2 py-1.5">{row.values.assignee ?? '—'}</td>
                    </>
                  ) : null}
                  <td className="px-2 py-1.5 text-destructive">
                    {row.errors.length > 0 ? (
                      <ul className="grid gap-0.5">
                        {row.errors.map((error, index) => (
                          <li key={index}>{error.message}</li>
                        ))}
                      </ul>
                    ) : null}
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
      {shown.length < rows.length ? (
        <p className="text-xs text-muted-foreground">
          Showing {shown.length.toLocaleString('en-US')} of {rows.length.toLocaleString('en-US')}{' '}
          rows, every row with a problem among them.
        </p>
      ) : null}
    </div>
  )
}

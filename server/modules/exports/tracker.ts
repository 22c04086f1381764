import { calendarDay } from '@shared/format'
import { ANSWER_TYPE_LABELS, answerRecord } from '@shared/schemas/answers'
import {
  REQUEST_STATUS_LABELS,
  type AuditRequest,
  type RequestStatus,
} from '@shared/schemas/requests'
import type { SubmittedSummary } from '../requests/versions.repo'
import type { TableColumn } from './workbook'

/**
 * The audit's request tracker, one row per request, as both exports write it: the CSV as text,
 * the workbook with typed cells (numbers, dates as dates, the status coloured).
 */

export const TRACKER_COLUMNS: readonly TableColumn[] = [
  { header: 'Number', kind: 'number', width: 9 },
  { header: 'Section', kind: 'text', width: 20 },
  { header: 'Reference', kind: 'text', width: 11 },
  { header: 'Title', kind: 'text', width: 40 },
  { header: 'Description', kind: 'text', width: 40 },
  { header: 'Status', kind: 'fill', width: 15 },
  { header: 'Assignee', kind: 'text', width: 22 },
  { header: 'Due date', kind: 'day', width: 12 },
  { header: 'Sent', kind: 'day', width: 12 },
  { header: 'Submitted', kind: 'day', width: 12 },
  { header: 'Accepted', kind: 'day', width: 12 },
  { header: 'Versions', kind: 'number', width: 10 },
  { header: 'Answer type', kind: 'text', width: 16 },
  { header: 'Choices', kind: 'text', width: 24 },
  { header: 'Answer', kind: 'text', width: 60 },
  { header: 'Client', kind: 'text', width: 24 },
]

/** A tracker row's cells, in TRACKER_COLUMNS' order; days as YYYY-MM-DD, in the firm's time zone. */
export type TrackerRow = Array<string | number | null>

/** The status colours of the workbook (ARGB), calm enough to print. */
export const STATUS_FILLS: Record<RequestStatus, string> = {
  draft: 'FFEDEDED',
  sent: 'FFDCEBFB',
  submitted: 'FFFFF1C2',
  returned: 'FFFBDADA',
  accepted: 'FFD6F0DD',
  not_applicable: 'FFE4E4E7',
}

export function trackerRow(
  request: AuditRequest,
  versions: SubmittedSummary | undefined,
  { clientName, timeZone }: { clientName: string; timeZone: string },
): TrackerRow {
  const day = (at: string | null) => (at ? calendarDay(new Date(at), timeZone) : null)
  return [
    request.number,
    request.section,
    request.reference,
    request.title,
    request.description,
    REQUEST_STATUS_LABELS[request.status],
    request.assigneeName,
    request.dueDate,
    day(request.sentAt),
    day(request.submittedAt),
    day(request.acceptedAt),
    versions?.count ?? 0,
    ANSWER_TYPE_LABELS[request.answerType],
    request.choices?.join('\n') ?? null,
    versions ? answerRecord(versions) : null,
    clientName,
  ]
}

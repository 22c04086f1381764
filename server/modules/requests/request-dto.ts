import type { AuditStatus } from '@shared/schemas/audits'
import { fullName } from '@shared/format'
import { awaitsClient, whoseMove } from '@shared/request-rules'
import type {
  AuditRequest,
  RequestFile,
  RequestStatus,
  RequestVersion,
} from '@shared/schemas/requests'
import { fileActions, requestActions, type FileFacts } from '../../access/can'
import type { Principal } from '../../access/principal'
import { fileNameFor } from '../../files/file-types'
import { iso } from '../../lib/dto'
import type { FileRow } from '../files/files.repo'
import type { RequestRow } from './requests.repo'
import type { listVersions } from './versions.repo'

/** How requests, their versions and files go out: with what the caller may do with each. */

/** The request as the caller may see it; `today` is the firm's day (YYYY-MM-DD), for overdue. */
export function toRequestDto(row: RequestRow, today: string, principal: Principal): AuditRequest {
  return {
    id: row.id,
    auditId: row.auditId,
    number: row.number,
    position: row.position,
    title: row.title,
    description: row.description,
    section: row.section,
    reference: row.reference,
    documentRequired: row.documentRequired,
    responseRequired: row.responseRequired,
    answerType: row.answerType,
    choices: row.choices,
    status: row.status,
    assigneeId: row.assigneeId,
    assigneeName:
      row.assigneeFirstName === null
        ? null
        : fullName({ firstName: row.assigneeFirstName, lastName: row.assigneeLastName ?? '' }),
    dueDate: row.dueDate,
    overdue: row.dueDate !== null && row.dueDate < today && awaitsClient(row),
    whoseMove: whoseMove(row),
    clientAsk:
      row.clientAsk === null
        ? null
        : { kind: row.clientAsk, text: row.clientAskText ?? '', at: iso(row.clientAskAt)! },
    remindersPaused: row.remindersPaused,
    sentAt: iso(row.sentAt),
    submittedAt: iso(row.submittedAt),
    acceptedAt: iso(row.acceptedAt),
    notApplicableReason: row.notApplicableReason,
    allowedActions: requestActions(principal, row),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  }
}

/** Names recorded before the current naming rules are listed the way they are served. */
export function toFileDto(
  row: Omit<FileRow, 'versionId'>,
  principal: Principal,
  facts: Omit<FileFacts, 'uploadedById'>,
): RequestFile {
  return {
    ...row,
    fileName: fileNameFor(row.fileName, row.contentType),
    createdAt: iso(row.createdAt),
    allowedActions: fileActions(principal, { uploadedById: row.uploadedById, ...facts }),
  }
}

/** A request's versions, oldest first, each with its files. */
export function toVersionDtos(
  versions: Awaited<ReturnType<typeof listVersions>>,
  files: FileRow[],
  principal: Principal,
  request: { status: RequestStatus; auditStatus: AuditStatus },
): RequestVersion[] {
  return versions.map((version) => ({
    ...version,
    submittedAt: iso(version.submittedAt),
    returnedAt: iso(version.returnedAt),
    files: files
      .filter((file) => file.versionId === version.id)
      .map(({ versionId: _versionId, ...file }) =>
        toFileDto(file, principal, {
          versionSubmitted: version.submittedAt !== null,
          requestStatus: request.status,
          auditStatus: request.auditStatus,
        }),
      ),
  }))
}

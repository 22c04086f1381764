import type { RequestDetail, RequestFile } from '@shared/schemas/requests'

/** The files of the version being prepared (uploaded, not submitted yet), if any. */
export function preparedFiles(request: Pick<RequestDetail, 'versions'>): RequestFile[] {
  const latest = request.versions.at(-1)
  return latest && latest.submittedAt === null ? latest.files : []
}

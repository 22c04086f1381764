import { queryOptions } from '@tanstack/react-query'
import { reportsApi } from '@shared/api/reports'
import { call } from '../api'
import { requestQueries } from './requests'

/** The firm's figures (engagements.manage: never read for a client user, who gets 403). */
export const reportQueries = {
  /**
   * An audit's report, kept under the audit's request lists: what refreshes those (a request
   * changed here, a live update of the audit) refreshes the figures too.
   */
  audit: (auditId: string) =>
    queryOptions({
      queryKey: [...requestQueries.auditLists(auditId), 'report'],
      queryFn: ({ signal }) => call(reportsApi.audit, { params: { id: auditId } }, { signal }),
    }),
}

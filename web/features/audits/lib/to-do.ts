import type { AuditRequest, MyRequests } from '@shared/schemas/requests'

/**
 * A client user's requests still to answer, in the order to take them: returned ones first (the
 * firm is waiting on a fix), then overdue, then by due date (none last), then as numbered.
 */
export function toDoInOrder(groups: MyRequests): AuditRequest[] {
  const rank = (request: AuditRequest) =>
    request.status === 'returned' ? 0 : request.overdue ? 1 : 2
  return groups
    .flatMap((group) => group.requests)
    .filter((request) => request.allowedActions.includes('submit'))
    .sort(
      (a, b) =>
        rank(a) - rank(b) ||
        (a.dueDate ?? '9999-12-31').localeCompare(b.dueDate ?? '9999-12-31') ||
        a.number - b.number,
    )
}

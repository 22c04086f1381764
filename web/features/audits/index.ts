// What other features use of this one.
export { AwaitingReview } from './components/awaiting-review'
export { useRemindRequest } from './api/remind-request'
export { reviewHref } from './lib/review-queue'
export { toastReminded, toastRemindFailure } from './lib/remind-feedback'

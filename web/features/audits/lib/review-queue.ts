/** A request opened from the review queue: its page offers Previous / Next through the queue. */
export const REVIEW_QUEUE_PARAM = 'queue'

export const reviewHref = (requestId: string) =>
  `/requests/${requestId}?${REVIEW_QUEUE_PARAM}=review`

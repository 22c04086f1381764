import { useInfiniteQuery } from '@tanstack/react-query'
import type { ReviewItem } from '@shared/schemas/requests'
import { useRef } from 'react'
import { useSearchParams } from 'react-router'
import { requestQueries } from '@/lib/queries/requests'
import { REVIEW_QUEUE_PARAM } from '../lib/review-queue'

export interface ReviewNavigation {
  previous: ReviewItem | null
  next: ReviewItem | null
  /** 1-based place of the request in the queue read so far, and how many that is. */
  place: number
  count: number
}

/**
 * Where a request opened from the review queue stands in it, and its neighbours. Once it has
 * been decided it leaves the queue: its neighbours stay those it had, so that Next still goes on.
 * Null when the page was not opened from the queue, or before the queue is read.
 */
export function useReviewNavigation(requestId: string): ReviewNavigation | null {
  const [params] = useSearchParams()
  const fromQueue = params.get(REVIEW_QUEUE_PARAM) === 'review'
  const queue = useInfiniteQuery({ ...requestQueries.reviewQueue(), enabled: fromQueue })
  const last = useRef<{ requestId: string; navigation: ReviewNavigation } | null>(null)
  if (!fromQueue || !queue.data) return null
  const items = queue.data
  const index = items.findIndex((item) => item.id === requestId)
  if (index >= 0) {
    const navigation = {
      previous: items[index - 1] ?? null,
      next: items[index + 1] ?? null,
      place: index + 1,
      count: items.length,
    }
    last.current = { requestId, navigation }
    return navigation
  }
  if (last.current?.requestId === requestId) {
    // Decided: the neighbours it had, if they are still waiting.
    const waiting = (item: ReviewItem | null) =>
      item && items.some((other) => other.id === item.id) ? item : null
    const { previous, next } = last.current.navigation
    return { previous: waiting(previous), next: waiting(next), place: 0, count: items.length }
  }
  return { previous: null, next: items[0] ?? null, place: 0, count: items.length }
}

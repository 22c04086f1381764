import { PREPARE_IN_BACKGROUND_FROM } from '@shared/schemas/prepared-files'

/**
 * Whether the pages should offer preparing the file first: an audit of this many requests, a
 * portfolio of this many audits (unknown yet: not large, the direct downloads stay first).
 */
export const isLarge = (
  of: keyof typeof PREPARE_IN_BACKGROUND_FROM,
  count: number | undefined,
): boolean => count !== undefined && count >= PREPARE_IN_BACKGROUND_FROM[of]

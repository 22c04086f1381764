import { z } from 'zod'
import { id } from './common'
import { portfolioFileQuery } from './reports'

/**
 * Files prepared in the background ("we'll notify you when it's ready"): the same files as the
 * download links give, built by a job and kept for PREPARED_FILE_HOURS, then deleted.
 */
export const PREPARED_FILE_KINDS = [
  'audit.xlsx',
  'audit.csv',
  'audit.zip',
  'audit.pdf',
  'portfolio.xlsx',
  'portfolio.csv',
] as const
export type PreparedFileKind = (typeof PREPARED_FILE_KINDS)[number]

export const PREPARED_FILE_LABELS = {
  'audit.xlsx': 'Request tracker (Excel)',
  'audit.csv': 'Request tracker (CSV)',
  'audit.zip': 'Accepted files (ZIP)',
  'audit.pdf': 'Status report (PDF)',
  'portfolio.xlsx': 'Audits (Excel)',
  'portfolio.csv': 'Audits (CSV)',
} as const satisfies Record<PreparedFileKind, string>

/** How long a prepared file can be downloaded, from when it is ready. */
export const PREPARED_FILE_HOURS = 24

/**
 * From this size on, the pages offer to prepare a file in the background rather than download it
 * at once: an audit with this many requests, a portfolio with this many audits.
 */
export const PREPARE_IN_BACKGROUND_FROM = { auditRequests: 500, portfolioAudits: 500 } as const

const kindError = `kind must be one of ${PREPARED_FILE_KINDS.join(', ')}`

export const prepareFileInput = z
  .strictObject({
    kind: z.enum(PREPARED_FILE_KINDS, { error: kindError }),
    /** The audit, for the audit's files. */
    auditId: id.optional(),
    /** The portfolio's filter and sort, as its page's query gives them. */
    filter: z
      .record(z.string(), z.string(), { error: 'filter must be an object of text values' })
      .optional(),
  })
  .superRefine((input, ctx) => {
    const audit = input.kind.startsWith('audit.')
    if (audit && !input.auditId)
      ctx.addIssue({ code: 'custom', path: ['auditId'], message: 'auditId is required' })
    if (audit && input.filter)
      ctx.addIssue({ code: 'custom', path: ['filter'], message: 'An audit’s file takes no filter' })
    if (!audit && input.auditId)
      ctx.addIssue({ code: 'custom', path: ['auditId'], message: 'The portfolio takes no auditId' })
    if (!audit && input.filter) {
      const parsed = portfolioFileQuery.safeParse(input.filter)
      if (!parsed.success)
        for (const issue of parsed.error.issues)
          ctx.addIssue({ code: 'custom', path: ['filter', ...issue.path], message: issue.message })
    }
  })
export type PrepareFileInput = z.input<typeof prepareFileInput>

export const PREPARED_FILE_STATUSES = ['pending', 'ready', 'failed', 'expired'] as const
export type PreparedFileStatus = (typeof PREPARED_FILE_STATUSES)[number]

export const preparedFileDto = z
  .object({
    id: z.string(),
    kind: z.enum(PREPARED_FILE_KINDS),
    status: z.enum(PREPARED_FILE_STATUSES),
    /** Known once it is ready. */
    fileName: z.string().nullable(),
    sizeBytes: z.number().int().nullable(),
    createdAt: z.string(),
    readyAt: z.string().nullable(),
    /** When it can no longer be downloaded (null until it is ready). */
    expiresAt: z.string().nullable(),
    /** Why it could not be made. */
    error: z.string().nullable(),
    /** Where to download it once it is ready. */
    url: z.string(),
  })
  .meta({ id: 'PreparedFile' })
export type PreparedFile = z.infer<typeof preparedFileDto>

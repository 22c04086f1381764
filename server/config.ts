import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { parseTrustProxy, type TrustProxy } from './lib/trust-proxy'

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback)
/** A size in MB: decimals allowed (tests use a few KB). */
const megabytes = (fallback: number, max: number) =>
  z.coerce
    .number({ error: 'must be a number of MB' })
    .positive({ error: 'must be more than 0 MB' })
    .max(max, { error: `must be at most ${max} MB` })
    .default(fallback)

/** Where uploaded files live: a folder, or a bucket (and a key prefix) of an S3-compatible service. */
export type StorageLocation =
  | { kind: 'local'; dir: string }
  | { kind: 's3'; bucket: string; prefix: string; forcePathStyle: boolean }

type ParsedStorageUrl =
  | { location: { kind: 'local'; dir: string } | { kind: 's3'; bucket: string; prefix: string } }
  | { problem: string }

/** S3's naming rules for general purpose buckets, each with the words to fix it. */
function bucketNameProblem(bucket: string) {
  if (bucket === '') return 'names no bucket (s3://BUCKET or s3://BUCKET/PREFIX)'
  if (bucket.length < 3 || bucket.length > 63)
    return `bucket name "${bucket}" must be 3 to 63 characters long`
  if (!/^[a-z0-9.-]+$/.test(bucket))
    return `bucket name "${bucket}" may hold only lowercase letters, digits, dots and hyphens`
  if (!/^[a-z0-9].*[a-z0-9]$/.test(bucket))
    return `bucket name "${bucket}" must begin and end with a letter or a digit`
  if (bucket.includes('..')) return `bucket name "${bucket}" must not hold two dots in a row`
  if (/^\d+\.\d+\.\d+\.\d+$/.test(bucket))
    return `bucket name "${bucket}" must not look like an IP address`
  return undefined
}

/** `s3://BUCKET[/PREFIX]` or `file:///ABSOLUTE/PATH`. */
export function parseStorageUrl(raw: string): ParsedStorageUrl {
  const s3 = /^s3:\/\/([^/]*)(?:\/(.*))?$/.exec(raw)
  if (s3) {
    const bucket = s3[1]!
    const problem = bucketNameProblem(bucket)
    if (problem) return { problem }
    const prefix = (s3[2] ?? '').replace(/^\/+|\/+$/g, '')
    if (prefix.split('/').some((segment) => segment === '.' || segment === '..'))
      return { problem: 'the key prefix must not hold "." or ".." segments' }
    return { location: { kind: 's3', bucket, prefix: prefix ? `${prefix}/` : '' } }
  }
  if (raw.startsWith('file://')) {
    let dir: string
    try {
      dir = fileURLToPath(raw)
    } catch {
      return {
        problem: 'must be file:// followed by an absolute path (file:///srv/auditdesk/files)',
      }
    }
    return { location: { kind: 'local', dir } }
  }
  return { problem: 'must be an s3://BUCKET[/PREFIX] or a file:///ABSOLUTE/PATH URL' }
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  APP_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  DATABASE_POOL_SIZE: positiveInt(10),
  REDIS_URL: z
    .url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' })
    .optional(),
  REDIS_KEY_PREFIX: z.string().min(1).max(100).default('auditdesk:'),
  REDIS_COMMAND_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int({ error: 'must be a whole number of milliseconds' })
    .min(50, { error: 'must be at least 50 ms' })
    .max(10_000, { error: 'must be at most 10000 ms' })
    .default(500),
  SESSION_CACHE_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int({ error: 'must be a whole number of seconds' })
    .min(0, { error: 'must be 0 (no cache) or more' })
    .max(60, { error: 'must be at most 60 seconds' })
    .default(5),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().min(3).default('AuditDesk <no-reply@auditdesk.local>'),
  CAPTCHA_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  MFA_ENCRYPTION_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  CAPTCHA_COST: positiveInt(4000),
  TURNSTILE_SITE_KEY: z.string().min(1).optional(),
  TURNSTILE_SECRET_KEY: z.string().min(1).optional(),
  RATE_LIMIT_GLOBAL_PER_MINUTE: positiveInt(600),
  RATE_LIMIT_AUTH_PER_MINUTE: positiveInt(30),
  RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: positiveInt(10),
  RATE_LIMIT_LOGIN_ACCOUNT_WINDOW_MINUTES: positiveInt(15),
  RATE_LIMIT_LOGIN_FAILURES_PER_IP: positiveInt(10),
  RATE_LIMIT_LOGIN_IP_WINDOW_MINUTES: positiveInt(1),
  RATE_LIMIT_LOGIN_ACCOUNT_CEILING: positiveInt(50),
  RATE_LIMIT_LOGIN_SLOWDOWN_SECONDS: z.coerce.number().min(0).max(60).default(3),
  UPLOAD_MAX_FILE_MB: megabytes(25, 1024),
  UPLOAD_MAX_FILES_PER_REQUEST: positiveInt(20),
  STORAGE_QUOTA_MB: megabytes(10240, 1_000_000_000),
  STORAGE_URL: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined) return undefined
      const parsed = parseStorageUrl(raw)
      if ('location' in parsed) return parsed.location
      ctx.addIssue({ code: 'custom', message: parsed.problem })
      return z.NEVER
    }),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  SSO_ALLOW_HTTP_ISSUER: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  WEBHOOK_RETRY_SECONDS: positiveInt(30),
  WEBHOOK_ALLOW_PRIVATE_TARGETS: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  MAX_REQUESTS_PER_AUDIT: positiveInt(2000),
  MAINTENANCE_INTERVAL_MINUTES: positiveInt(60),
  MAIL_QUOTA_PER_ADDRESS_PER_HOUR: positiveInt(3),
  MAIL_QUOTA_PER_COMPANY_PER_HOUR: positiveInt(100),
  MAIL_RETRY_SECONDS: positiveInt(30),
  MAIL_RETRY_LIMIT: positiveInt(12),
  REMINDER_SCAN_SECONDS: positiveInt(300),
  EVENT_MAIL_DELAY_SECONDS: z.coerce.number().int().min(0).max(600).default(60),
  DATABASE_STATEMENT_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(5),
  REQUEST_TIMEOUT_SECONDS: positiveInt(60),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .positive({ error: 'must be more than 0 seconds' })
    .max(300, { error: 'must be at most 300 seconds' })
    .default(8),
  UPLOAD_TIMEOUT_SECONDS: positiveInt(900),
  KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .positive({ error: 'must be more than 0 seconds' })
    .max(600, { error: 'must be at most 600 seconds' })
    .default(5),
  MAX_CONNECTIONS: positiveInt(1000),
  EVENT_STREAMS_PER_COMPANY: positiveInt(100),
  EVENT_STREAMS_PER_INSTANCE: z.coerce.number().int().positive().optional(),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const parsed = parseTrustProxy(raw)
      if ('value' in parsed) return parsed.value
      ctx.addIssue({ code: 'custom', message: parsed.problem })
      return z.NEVER
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
})

export interface Config {
  env: 'development' | 'production' | 'test'
  port: number
  host: string
  appUrl: string
  /** Cookies get Secure and the __Host- prefix when the app is served over https. */
  secureCookies: boolean
  dataDir: string
  databaseUrl: string | undefined
  databasePoolSize: number
  /**
   * Shared rate limits for many instances (plugins/security.ts); unset: each process counts alone.
   * A command unanswered after `commandTimeoutMs` counts as Redis being away (lib/redis.ts).
   */
  redis: { url: string; keyPrefix: string; commandTimeoutMs: number } | undefined
  /** How long a resolved session is reused without the database; 0: never (decision 016). */
  sessionCacheMs: number
  /** Longest a statement may run on PostgreSQL, in ms (PGlite cannot interrupt one: decision 009). */
  databaseStatementTimeoutMs: number
  smtpUrl: string | undefined
  mailFrom: string
  /** Account mails (verification, reset, invitation, notices) per hour, beyond which none is sent. */
  mailQuota: { perAddressPerHour: number; perCompanyPerHour: number }
  /** A mail the SMTP server refused is tried again `limit` times, the first after `delaySeconds`, then doubling. */
  mailRetry: { delaySeconds: number; limit: number }
  /** How often reminders and digests that have come due are looked for. */
  reminderScanSeconds: number
  /** How long an event mail waits for more events to go with it (then at most one per 10 minutes). */
  eventMailDelaySeconds: number
  /** Seals TOTP secrets and SSO client secrets at rest; unset, a key generated once and kept in the database. */
  mfaEncryptionKey: string | undefined
  /** Allows an OpenID issuer at an http:// address: for tests and development only. */
  ssoAllowHttpIssuer: boolean
  webhooks: {
    /** The wait before a failed delivery's second try; doubling after each, for about a day. */
    retrySeconds: number
    /** Takes http:// and internal addresses (tests, on-premises set-ups); never by default. */
    allowPrivateTargets: boolean
  }
  captcha: {
    secret: string | undefined
    cost: number
    turnstile: { siteKey: string; secretKey: string } | undefined
  }
  rateLimit: {
    globalPerMinute: number
    authPerMinute: number
    loginFailuresPerAccount: number
    loginAccountWindowMs: number
    loginFailuresPerIp: number
    loginIpWindowMs: number
    /** Failures on one account from every address, in its window, before attempts are slowed. */
    loginAccountCeiling: number
    loginSlowdownMs: number
  }
  uploads: {
    /** Per file, in bytes. */
    maxFileBytes: number
    /** Files in the version being prepared. */
    maxFilesPerRequest: number
  }
  storage: {
    /** All of a company's stored files together, in bytes. */
    quotaBytes: number
    /** STORAGE_URL; unset: the `files` folder of DATA_DIR. */
    location: StorageLocation
  }
  /** How often expired sessions, tokens and registrations are purged. */
  maintenanceIntervalMs: number
  limits: {
    /** Requests one audit may hold (409 beyond). */
    maxRequestsPerAudit: number
  }
  /** How long a request may take to arrive (plugins/timeouts.ts), in ms. */
  timeouts: {
    /** Every request but uploads, headers and body. */
    requestMs: number
    /** Uploads (routes marked multipartUpload), headers and body. */
    uploadMs: number
    /** The headers alone, of any request. */
    headersMs: number
  }
  /** Bounds on the connections of one instance (plugins/connections.ts). */
  connections: {
    /** Open at once; past it a new connection is closed as soon as it is accepted. */
    max: number
    /** How long a connection may stay idle after an answer before the server closes it. */
    keepAliveMs: number
  }
  /** Open live update streams one instance accepts per company and in all (modules/events/hub.ts). */
  eventStreams: { perCompany: number; perInstance: number }
  trustProxy: TrustProxy
  /** How long a stop (SIGTERM) waits for in-flight work before it closes what is left, in ms. */
  shutdownTimeoutMs: number
  logLevel: string
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
  }
}

/** Reads and validates the environment; every bad value is named on its own line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const raw = Object.fromEntries(
    Object.keys(envSchema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  )
  const parsed = envSchema.safeParse(raw)
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const key = String(issue.path[0])
        return `${key}=${JSON.stringify(raw[key] ?? '')}: ${issue.message}`
      }),
    )
  }
  const e = parsed.data
  const problems: string[] = []
  if (Boolean(e.TURNSTILE_SITE_KEY) !== Boolean(e.TURNSTILE_SECRET_KEY)) {
    problems.push('TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY must be set together')
  }
  if (e.S3_FORCE_PATH_STYLE && e.STORAGE_URL?.kind !== 's3') {
    problems.push('S3_FORCE_PATH_STYLE applies only with STORAGE_URL=s3://…')
  }
  if (e.UPLOAD_TIMEOUT_SECONDS < e.REQUEST_TIMEOUT_SECONDS) {
    problems.push(
      `UPLOAD_TIMEOUT_SECONDS=${e.UPLOAD_TIMEOUT_SECONDS}: must be at least REQUEST_TIMEOUT_SECONDS (${e.REQUEST_TIMEOUT_SECONDS})`,
    )
  }
  if (
    e.EVENT_STREAMS_PER_INSTANCE !== undefined &&
    e.EVENT_STREAMS_PER_INSTANCE >= e.MAX_CONNECTIONS
  ) {
    problems.push(
      `EVENT_STREAMS_PER_INSTANCE=${e.EVENT_STREAMS_PER_INSTANCE}: must be less than MAX_CONNECTIONS (${e.MAX_CONNECTIONS}), so that open streams leave connections for requests`,
    )
  }
  if (problems.length) throw new ConfigError(problems)

  const dataDir = path.resolve(e.DATA_DIR)
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '')
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl,
    secureCookies: appUrl.startsWith('https:'),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redis: e.REDIS_URL
      ? {
          url: e.REDIS_URL,
          keyPrefix: e.REDIS_KEY_PREFIX,
          commandTimeoutMs: e.REDIS_COMMAND_TIMEOUT_MS,
        }
      : undefined,
    sessionCacheMs: e.SESSION_CACHE_SECONDS * 1000,
    databaseStatementTimeoutMs: Math.round(e.DATABASE_STATEMENT_TIMEOUT_SECONDS * 1000),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailQuota: {
      perAddressPerHour: e.MAIL_QUOTA_PER_ADDRESS_PER_HOUR,
      perCompanyPerHour: e.MAIL_QUOTA_PER_COMPANY_PER_HOUR,
    },
    mailRetry: { delaySeconds: e.MAIL_RETRY_SECONDS, limit: e.MAIL_RETRY_LIMIT },
    reminderScanSeconds: e.REMINDER_SCAN_SECONDS,
    eventMailDelaySeconds: e.EVENT_MAIL_DELAY_SECONDS,
    mfaEncryptionKey: e.MFA_ENCRYPTION_KEY,
    ssoAllowHttpIssuer: e.SSO_ALLOW_HTTP_ISSUER,
    webhooks: {
      retrySeconds: e.WEBHOOK_RETRY_SECONDS,
      allowPrivateTargets: e.WEBHOOK_ALLOW_PRIVATE_TARGETS,
    },
    captcha: {
      secret: e.CAPTCHA_SECRET,
      cost: e.CAPTCHA_COST,
      turnstile:
        e.TURNSTILE_SITE_KEY && e.TURNSTILE_SECRET_KEY
          ? { siteKey: e.TURNSTILE_SITE_KEY, secretKey: e.TURNSTILE_SECRET_KEY }
          : undefined,
    },
    rateLimit: {
      globalPerMinute: e.RATE_LIMIT_GLOBAL_PER_MINUTE,
      authPerMinute: e.RATE_LIMIT_AUTH_PER_MINUTE,
      loginFailuresPerAccount: e.RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT,
      loginAccountWindowMs: e.RATE_LIMIT_LOGIN_ACCOUNT_WINDOW_MINUTES * 60_000,
      loginFailuresPerIp: e.RATE_LIMIT_LOGIN_FAILURES_PER_IP,
      loginIpWindowMs: e.RATE_LIMIT_LOGIN_IP_WINDOW_MINUTES * 60_000,
      loginAccountCeiling: e.RATE_LIMIT_LOGIN_ACCOUNT_CEILING,
      loginSlowdownMs: Math.round(e.RATE_LIMIT_LOGIN_SLOWDOWN_SECONDS * 1000),
    },
    uploads: {
      maxFileBytes: Math.floor(e.UPLOAD_MAX_FILE_MB * 1024 * 1024),
      maxFilesPerRequest: e.UPLOAD_MAX_FILES_PER_REQUEST,
    },
    storage: {
      quotaBytes: Math.floor(e.STORAGE_QUOTA_MB * 1024 * 1024),
      location:
        e.STORAGE_URL?.kind === 's3'
          ? { ...e.STORAGE_URL, forcePathStyle: e.S3_FORCE_PATH_STYLE }
          : (e.STORAGE_URL ?? { kind: 'local', dir: path.join(dataDir, 'files') }),
    },
    maintenanceIntervalMs: e.MAINTENANCE_INTERVAL_MINUTES * 60_000,
    limits: { maxRequestsPerAudit: e.MAX_REQUESTS_PER_AUDIT },
    timeouts: {
      requestMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
      uploadMs: e.UPLOAD_TIMEOUT_SECONDS * 1000,
      headersMs: Math.min(e.REQUEST_TIMEOUT_SECONDS, 30) * 1000,
    },
    connections: {
      max: e.MAX_CONNECTIONS,
      keepAliveMs: Math.round(e.KEEP_ALIVE_TIMEOUT_SECONDS * 1000),
    },
    eventStreams: {
      perCompany: e.EVENT_STREAMS_PER_COMPANY,
      // Unset: half the connections, so that streams always leave the other half to requests.
      perInstance: e.EVENT_STREAMS_PER_INSTANCE ?? Math.max(1, Math.floor(e.MAX_CONNECTIONS / 2)),
    },
    trustProxy: e.TRUST_PROXY,
    shutdownTimeoutMs: Math.round(e.SHUTDOWN_TIMEOUT_SECONDS * 1000),
    logLevel: e.LOG_LEVEL,
  }
}

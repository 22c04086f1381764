import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'

describe('configuration', () => {
  it('starts with no variables at all: port 3000, ./data, embedded database, http cookies', () => {
    const config = loadConfig({})
    expect(config.port).toBe(3000)
    expect(config.appUrl).toBe('http://localhost:3000')
    expect(config.dataDir).toMatch(/\/data$/)
    expect(config.databaseUrl).toBeUndefined()
    expect(config.smtpUrl).toBeUndefined()
    expect(config.secureCookies).toBe(false)
  })

  it('names every bad value on its own line', () => {
    let error: unknown
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_URL: 'nope', LOG_LEVEL: 'loud' })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(ConfigError)
    const lines = (error as ConfigError).message.split('\n').slice(1)
    expect(lines).toHaveLength(4)
    expect(lines.find((l) => l.includes('PORT="eighty"'))).toBeTruthy()
    expect(lines.find((l) => l.includes('DATABASE_URL="mysql://x"'))).toMatch(/postgres/)
    expect(lines.find((l) => l.includes('SMTP_URL="nope"'))).toBeTruthy()
    expect(lines.find((l) => l.includes('LOG_LEVEL="loud"'))).toBeTruthy()
  })

  it('upload limits: 25 MB and 20 files by default, configurable, bad values named', () => {
    expect(loadConfig({}).uploads).toEqual({
      maxFileBytes: 25 * 1024 * 1024,
      maxFilesPerRequest: 20,
    })
    expect(
      loadConfig({ UPLOAD_MAX_FILE_MB: '0.5', UPLOAD_MAX_FILES_PER_REQUEST: '3' }).uploads,
    ).toEqual({ maxFileBytes: 512 * 1024, maxFilesPerRequest: 3 })
    expect(() => loadConfig({ UPLOAD_MAX_FILE_MB: '-1' })).toThrow(/UPLOAD_MAX_FILE_MB="-1"/)
    expect(() => loadConfig({ UPLOAD_MAX_FILES_PER_REQUEST: '0' })).toThrow(
      /UPLOAD_MAX_FILES_PER_REQUEST="0"/,
    )
  })

  it('a cap on requests per audit (2,000) and a statement timeout (5 s), both configurable', () => {
    const defaults = loadConfig({})
    expect(defaults.limits.maxRequestsPerAudit).toBe(2000)
    expect(defaults.databaseStatementTimeoutMs).toBe(5000)
    const set = loadConfig({
      MAX_REQUESTS_PER_AUDIT: '50',
      DATABASE_STATEMENT_TIMEOUT_SECONDS: '1.5',
    })
    expect(set.limits.maxRequestsPerAudit).toBe(50)
    expect(set.databaseStatementTimeoutMs).toBe(1500)
    expect(() => loadConfig({ MAX_REQUESTS_PER_AUDIT: '1.5' })).toThrow(/MAX_REQUESTS_PER_AUDIT/)
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_SECONDS: '0' })).toThrow(
      /DATABASE_STATEMENT_TIMEOUT_SECONDS="0"/,
    )
  })

  it('sign-in throttling: per account and address, and a per-account ceiling that slows', () => {
    expect(loadConfig({}).rateLimit).toMatchObject({
      loginFailuresPerAccount: 10,
      loginAccountCeiling: 50,
      loginSlowdownMs: 3000,
    })
    expect(
      loadConfig({ RATE_LIMIT_LOGIN_ACCOUNT_CEILING: '5', RATE_LIMIT_LOGIN_SLOWDOWN_SECONDS: '0' })
        .rateLimit,
    ).toMatchObject({ loginAccountCeiling: 5, loginSlowdownMs: 0 })
    expect(() => loadConfig({ RATE_LIMIT_LOGIN_SLOWDOWN_SECONDS: '120' })).toThrow(
      /RATE_LIMIT_LOGIN_SLOWDOWN_SECONDS="120"/,
    )
  })

  it('mail quotas (3 an hour per address and kind, 100 per company) and the purge interval (60 minutes)', () => {
    expect(loadConfig({}).mailQuota).toEqual({ perAddressPerHour: 3, perCompanyPerHour: 100 })
    expect(loadConfig({}).maintenanceIntervalMs).toBe(60 * 60_000)
    expect(loadConfig({ MAINTENANCE_INTERVAL_MINUTES: '5' }).maintenanceIntervalMs).toBe(300_000)
    expect(() => loadConfig({ MAIL_QUOTA_PER_ADDRESS_PER_HOUR: '0' })).toThrow(
      /MAIL_QUOTA_PER_ADDRESS_PER_HOUR="0"/,
    )
  })

  it('STORAGE_URL: unset is DATA_DIR/files; file:///PATH a folder; s3://BUCKET[/PREFIX] a bucket', () => {
    expect(loadConfig({ DATA_DIR: '/srv/data' }).storage.location).toEqual({
      kind: 'local',
      dir: '/srv/data/files',
    })
    expect(loadConfig({ STORAGE_URL: 'file:///mnt/files' }).storage.location).toEqual({
      kind: 'local',
      dir: '/mnt/files',
    })
    expect(loadConfig({ STORAGE_URL: 's3://audit-files' }).storage.location).toEqual({
      kind: 's3',
      bucket: 'audit-files',
      prefix: '',
      forcePathStyle: false,
    })
    expect(
      loadConfig({ STORAGE_URL: 's3://audit.files-1/eu/prod/', S3_FORCE_PATH_STYLE: 'true' })
        .storage.location,
    ).toEqual({ kind: 's3', bucket: 'audit.files-1', prefix: 'eu/prod/', forcePathStyle: true })
  })

  it('a bad STORAGE_URL or S3_FORCE_PATH_STYLE is named with what to fix', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env)
      } catch (error) {
        return (error as ConfigError).problems
      }
      return []
    }
    expect(problems({ STORAGE_URL: 'https://s3.amazonaws.com/files' })).toEqual([
      'STORAGE_URL="https://s3.amazonaws.com/files": must be an s3://BUCKET[/PREFIX] or a file:///ABSOLUTE/PATH URL',
    ])
    for (const [url, problem] of [
      ['s3://', 'names no bucket (s3://BUCKET or s3://BUCKET/PREFIX)'],
      ['s3:///files', 'names no bucket (s3://BUCKET or s3://BUCKET/PREFIX)'],
      ['s3://ab', 'bucket name "ab" must be 3 to 63 characters long'],
      [`s3://${'a'.repeat(64)}`, `bucket name "${'a'.repeat(64)}" must be 3 to 63 characters long`],
      [
        's3://Audit_Files',
        'bucket name "Audit_Files" may hold only lowercase letters, digits, dots and hyphens',
      ],
      ['s3://-files', 'bucket name "-files" must begin and end with a letter or a digit'],
      ['s3://a..b', 'bucket name "a..b" must not hold two dots in a row'],
      ['s3://10.0.0.1', 'bucket name "10.0.0.1" must not look like an IP address'],
      ['s3://files/a/../b', 'the key prefix must not hold "." or ".." segments'],
      [
        'file://server/share',
        'must be file:// followed by an absolute path (file:///srv/auditdesk/files)',
      ],
    ])
      expect(problems({ STORAGE_URL: url! })).toEqual([
        `STORAGE_URL=${JSON.stringify(url)}: ${problem}`,
      ])
    expect(problems({ STORAGE_URL: 's3://files', S3_FORCE_PATH_STYLE: 'yes' })).toEqual([
      'S3_FORCE_PATH_STYLE="yes": must be true or false',
    ])
    expect(problems({ S3_FORCE_PATH_STYLE: 'true' })).toEqual([
      'S3_FORCE_PATH_STYLE applies only with STORAGE_URL=s3://…',
    ])
  })

  it('storage quota per company: 10,240 MB by default, decimals allowed, each bad value named', () => {
    expect(loadConfig({}).storage.quotaBytes).toBe(10240 * 1024 * 1024)
    expect(loadConfig({ STORAGE_QUOTA_MB: '0.25' }).storage.quotaBytes).toBe(256 * 1024)
    let error: unknown
    try {
      loadConfig({ STORAGE_QUOTA_MB: 'lots', UPLOAD_MAX_FILE_MB: '0' })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as ConfigError).problems).toEqual([
      'UPLOAD_MAX_FILE_MB="0": must be more than 0 MB',
      'STORAGE_QUOTA_MB="lots": must be a number of MB',
    ])
    expect(() => loadConfig({ STORAGE_QUOTA_MB: '-5' })).toThrow(
      /STORAGE_QUOTA_MB="-5": must be more than 0 MB/,
    )
    expect(() => loadConfig({ STORAGE_QUOTA_MB: '1e12' })).toThrow(
      /STORAGE_QUOTA_MB="1e12": must be at most 1000000000 MB/,
    )
  })

  it('TRUST_PROXY: no proxy by default, a number of proxies or their addresses; `true` refused', () => {
    for (const value of [undefined, '', 'false', '0'])
      expect(loadConfig({ TRUST_PROXY: value }).trustProxy, String(value)).toBe(false)
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1)
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2)
    expect(
      loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,::1,fd00::/8,127.0.0.1/8,loopback' })
        .trustProxy,
    ).toEqual(['10.0.0.5', '10.1.0.0/16', '::1', 'fd00::/8', '127.0.0.1/8', 'loopback'])

    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY="true": trusts every hop, so any client could pick its own address .*number of proxies .*addresses/,
    )
    for (const bad of [
      'yes',
      'abc',
      '10.0.0.0/33',
      '10.0.0.0/0',
      '::1/129',
      '1.2.3',
      '10.0.0.1/8/1',
    ])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(
        `TRUST_PROXY=${JSON.stringify(bad)}: must be false, a number of proxies`,
      )
    let error: unknown
    try {
      loadConfig({ TRUST_PROXY: '10.0.0.1, abc,10.0.0.0/33,' })
    } catch (e) {
      error = e
    }
    expect((error as ConfigError).message).toMatch(
      /not an address or range: "abc", "10\.0\.0\.0\/33", ""$/,
    )
  })

  it('timeouts: 60 s for requests, 900 s for uploads, headers within min(request, 30 s); bad values named', () => {
    expect(loadConfig({}).timeouts).toEqual({
      requestMs: 60_000,
      uploadMs: 900_000,
      headersMs: 30_000,
    })
    expect(
      loadConfig({ REQUEST_TIMEOUT_SECONDS: '20', UPLOAD_TIMEOUT_SECONDS: '120' }).timeouts,
    ).toEqual({ requestMs: 20_000, uploadMs: 120_000, headersMs: 20_000 })
    for (const [key, value] of [
      ['REQUEST_TIMEOUT_SECONDS', '0'],
      ['REQUEST_TIMEOUT_SECONDS', 'soon'],
      ['UPLOAD_TIMEOUT_SECONDS', '-5'],
    ])
      expect(() => loadConfig({ [key!]: value }), `${key}=${value}`).toThrow(
        `${key}=${JSON.stringify(value)}`,
      )
    expect(() =>
      loadConfig({ REQUEST_TIMEOUT_SECONDS: '120', UPLOAD_TIMEOUT_SECONDS: '60' }),
    ).toThrow(/UPLOAD_TIMEOUT_SECONDS=60: must be at least REQUEST_TIMEOUT_SECONDS \(120\)/)
  })

  it('Redis: no Redis by default; with REDIS_URL, commands time out after 500 ms unless set', () => {
    expect(loadConfig({}).redis).toBeUndefined()
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379/0' }).redis).toEqual({
      url: 'redis://127.0.0.1:6379/0',
      keyPrefix: 'auditdesk:',
      commandTimeoutMs: 500,
    })
    expect(
      loadConfig({ REDIS_URL: 'redis://r:6379', REDIS_COMMAND_TIMEOUT_MS: '250' }).redis
        ?.commandTimeoutMs,
    ).toBe(250)
    for (const [value, problem] of [
      ['0', 'must be at least 50 ms'],
      ['60000', 'must be at most 10000 ms'],
      ['1.5', 'must be a whole number of milliseconds'],
      ['soon', 'must be a number of milliseconds'],
    ])
      expect(() => loadConfig({ REDIS_COMMAND_TIMEOUT_MS: value }), value).toThrow(
        `REDIS_COMMAND_TIMEOUT_MS=${JSON.stringify(value)}: ${problem}`,
      )
  })

  it('requires both Turnstile keys together', () => {
    expect(() => loadConfig({ TURNSTILE_SITE_KEY: 'x' })).toThrow(
      /TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY/,
    )
  })

  it('turns on secure cookies when APP_URL is https, whatever NODE_ENV says', () => {
    expect(
      loadConfig({ APP_URL: 'https://audit.example.com/', NODE_ENV: 'development' }),
    ).toMatchObject({
      appUrl: 'https://audit.example.com',
      secureCookies: true,
    })
  })
})

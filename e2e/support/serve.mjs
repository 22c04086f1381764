// The browser tests' server: a real SMTP server capturing mail into a folder (one JSON file per
// message) and the production build (dist/server/main.js) on a fresh database: the embedded one,
// or, when E2E_DATABASE_URL names a PostgreSQL server, a database of its own there, dropped at the end.
import { spawn } from 'node:child_process'
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { SMTPServer } from 'smtp-server'

const root = path.resolve(import.meta.dirname, '../..')
const mailDir = process.env.E2E_MAIL_DIR ?? path.join(root, '.tmp/e2e-mail')
const dataDir = process.env.E2E_DATA_DIR ?? path.join(root, '.tmp/e2e-data')
rmSync(mailDir, { recursive: true, force: true })
rmSync(dataDir, { recursive: true, force: true })
mkdirSync(mailDir, { recursive: true })

const decode = (raw) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)))

let count = 0
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = []
    stream.on('data', (c) => chunks.push(c))
    stream.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8')
      const mail = {
        to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
        subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '',
        body: decode(raw),
        receivedAt: new Date().toISOString(),
      }
      count += 1
      // Written whole, then renamed: a test reading the folder never sees half a file.
      const file = path.join(mailDir, `${String(count).padStart(5, '0')}.json`)
      writeFileSync(`${file}.part`, JSON.stringify(mail))
      renameSync(`${file}.part`, file)
      callback()
    })
  },
})

const serverUrl = process.env.E2E_DATABASE_URL
const databaseName = `auditdesk_e2e_${process.pid}_${Date.now()}`

async function onServer(statement) {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/** Drops what earlier runs left (a run killed before its end): their names say when they began. */
async function dropLeftovers() {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    const { rows } = await client.query(
      "select datname from pg_database where datname like 'auditdesk\\_e2e\\_%'",
    )
    const dayAgo = Date.now() - 24 * 60 * 60 * 1000
    for (const { datname } of rows) {
      if (Number(datname.split('_').at(-1)) < dayAgo)
        await client.query(`drop database if exists ${datname} with (force)`)
    }
  } finally {
    await client.end()
  }
}

async function freshDatabaseUrl() {
  if (!serverUrl) return undefined
  await dropLeftovers()
  await onServer(`create database ${databaseName}`)
  const url = new URL(serverUrl)
  url.pathname = `/${databaseName}`
  return url.toString()
}

const databaseUrl = await freshDatabaseUrl()

smtp.listen(0, '127.0.0.1', () => {
  const smtpPort = smtp.server.address().port
  const app = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
  })
  const stop = () => app.kill('SIGTERM')
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
  app.on('exit', (code) => {
    const dropped = databaseUrl
      ? onServer(`drop database if exists ${databaseName} with (force)`).catch((error) =>
          console.error(`Could not drop ${databaseName}: ${error.message}`),
        )
      : Promise.resolve()
    void dropped.then(() => smtp.close(() => process.exit(code ?? 0)))
  })
})

// The browser tests' server: a real SMTP server capturing mail into a folder (one JSON file per
// message) and the production build (dist/server/main.js) on a fresh embedded database.
import { spawn } from 'node:child_process'
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
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

smtp.listen(0, '127.0.0.1', () => {
  const smtpPort = smtp.server.address().port
  const app = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    },
  })
  const stop = () => app.kill('SIGTERM')
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
  app.on('exit', (code) => {
    smtp.close(() => process.exit(code ?? 0))
  })
})

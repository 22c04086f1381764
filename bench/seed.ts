// Seeds the server under test through its public API, as a user would: register (solving the
// proof-of-work CAPTCHA), verify the e-mail from the outbox, sign in, create records.
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { solveChallenge, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'

export interface Session {
  email: string
  password: string
  /** The `Cookie` header value of the signed-in session. */
  cookie: string
  orgId: string
}

interface Reply {
  status: number
  /** Seconds, from Retry-After (0 when absent). */
  retryAfter: number
  body: unknown
  setCookie: string[]
}

let nextAddress = 0

export class Api {
  /**
   * `from`: the client's address, sent as X-Forwarded-For (for a server that trusts loopback
   * proxies, so that per-address limits count each simulated user apart); `'each request'`: a new
   * address every time (seeding, which no real user would do from one address).
   */
  constructor(
    readonly baseUrl: string,
    readonly cookie?: string,
    readonly from?: string,
  ) {}

  withCookie(cookie: string) {
    return new Api(this.baseUrl, cookie, this.from)
  }

  /** The same session from another address. */
  fromAddress(address: string) {
    return new Api(this.baseUrl, this.cookie, address)
  }

  /** The address to send as X-Forwarded-For, if any. */
  address(): string | undefined {
    if (this.from !== 'each request') return this.from
    nextAddress += 1
    return `10.${(nextAddress >> 16) & 255}.${(nextAddress >> 8) & 255}.${nextAddress & 255}`
  }

  /** Headers a mutation needs: same origin, a JSON body. */
  get mutationHeaders(): Record<string, string> {
    return { origin: new URL(this.baseUrl).origin, 'content-type': 'application/json' }
  }

  async request(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
  ): Promise<Reply> {
    const headers: Record<string, string> = method === 'GET' ? {} : { ...this.mutationHeaders }
    if (this.cookie) headers.cookie = this.cookie
    const address = this.address()
    if (address) headers['x-forwarded-for'] = address
    const response = await fetch(`${this.baseUrl}${url}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await response.text()
    return {
      status: response.status,
      retryAfter: Number(response.headers.get('retry-after') ?? 0),
      body: text ? (JSON.parse(text) as unknown) : undefined,
      setCookie: response.headers.getSetCookie(),
    }
  }

  /** Like request, failing unless the status is the expected one. */
  async expect<T>(
    status: number,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
  ) {
    const reply = await this.request(method, url, body)
    if (reply.status !== status) {
      throw new Error(`${method} ${url}: ${reply.status} ${JSON.stringify(reply.body)}`)
    }
    return reply as Reply & { body: T }
  }
}

/** Decodes quoted-printable soft line breaks and escapes (=3D and the like). */
export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
}

/** Waits for the verification mail to `email` in DATA_DIR/outbox and returns its token. */
async function verificationToken(outbox: string, email: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    for (const file of await readdir(outbox).catch(() => [] as string[])) {
      if (!file.endsWith('.eml')) continue
      const mail = decodeQuotedPrintable(await readFile(path.join(outbox, file), 'utf8'))
      if (!mail.toLowerCase().includes(email.toLowerCase())) continue
      const token = /\/verify-email\?token=([A-Za-z0-9_%.-]+)/.exec(mail)?.[1]
      if (token) return decodeURIComponent(token)
    }
    if (Date.now() > deadline) throw new Error(`no verification mail to ${email} in ${outbox}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

let sequence = 0

/** Registers a company and its owner, verifies the e-mail, signs in. */
export async function createCompany(api: Api, dataDir: string, label: string): Promise<Session> {
  sequence += 1
  const email = `bench.${label}.${Date.now()}.${sequence}@example.com`
  const password = 'bench-password-2026'
  const challenge = (await api.expect<Challenge>(200, 'GET', '/api/auth/captcha')).body
  const solution = await solveChallenge({ challenge, deriveKey })
  await api.expect(201, 'POST', '/api/auth/register', {
    firstName: 'Bench',
    lastName: 'Mark',
    email,
    password,
    companyName: `Bench ${label}`,
    companySize: '11-50 employees',
    companyPhone: '+1 555 0100',
    companyIndustry: 'Financial Services',
    captchaToken: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'),
  })
  const token = await verificationToken(path.join(dataDir, 'outbox'), email)
  // No browser cookie here: the password proves the registration (decision 042).
  await api.expect(200, 'POST', '/api/auth/verify-email', { token, password })
  const login = await api.expect(200, 'POST', '/api/auth/login', { email, password })
  const cookie = login.setCookie.map((c) => c.split(';')[0]!).join('; ')
  if (!cookie) throw new Error('login set no cookie')
  const me = await api
    .withCookie(cookie)
    .expect<{ company: { id: string } }>(200, 'GET', '/api/auth/me')
  return { email, password, cookie, orgId: me.body.company.id }
}

/** Runs `task` for 0..count-1 with at most `concurrency` in flight; results in index order. */
export async function times<T>(
  count: number,
  concurrency: number,
  task: (index: number) => Promise<T>,
): Promise<T[]> {
  const results: T[] = new Array<T>(count)
  let next = 0
  const worker = async () => {
    while (next < count) {
      const index = next++
      results[index] = await task(index)
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker))
  return results
}

const SEED_CONCURRENCY = 20

/** Creates `count` clients in the signed-in company; returns their ids. */
export async function seedClients(api: Api, count: number): Promise<string[]> {
  return times(count, SEED_CONCURRENCY, async (i) => {
    const n = String(i + 1).padStart(5, '0')
    const reply = await api.expect<{ id: string }>(201, 'POST', '/api/clients', {
      name: `Client ${n} Holdings`,
      email: `client${n}@example.com`,
      phone: '+1 555 0199',
      address: `${i + 1} Market Street, Springfield`,
    })
    return reply.body.id
  })
}

/** Creates one project per client id. */
export async function seedProjects(api: Api, clientIds: string[]): Promise<void> {
  await times(clientIds.length, SEED_CONCURRENCY, async (i) => {
    await api.expect(201, 'POST', '/api/projects', {
      name: `Annual audit ${i + 1}`,
      clientId: clientIds[i],
    })
  })
}

import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditRequest, RequestFile } from '@shared/schemas/requests'
import {
  SEARCH_DEPTH_MAX,
  SEARCH_LIMIT,
  type SearchReply,
  type SearchResultDto,
} from '@shared/schemas/search'
import { requestFiles } from '../../db/schema'
import { docxOf, pdfOf, xlsxOf } from '../../test/documents'
import { EXTRACTABLE_MAX_BYTES } from './extract-text'
import { FILE_TEXT_QUEUE } from './file-text'
import { RANKED_PER_KIND } from './search.repo'
import {
  createAudit,
  createClient,
  createProject,
  expectValidation,
  seedRequests,
  sentRequest,
  signedInClientUser,
  uploadFiles,
} from '../../test/factories'
import { createTestApp, signedInAdmin, type TestApp } from '../../test/harness'

/**
 * One search over everything a user may open (decision 050): every kind found by a word in it,
 * the text inside files once read, and exactly what the audience rule lets each user see.
 */

let t: TestApp
let admin: string
let member: Awaited<ReturnType<typeof signedInClientUser>>
let neighbour: Awaited<ReturnType<typeof signedInClientUser>>
let otherFirm: string
let organizationId: string
const ids: Record<string, string> = {}

async function search(cookie: string, query: Record<string, string | number>) {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))
  const res = await t.request('GET', `/api/search?${params}`, { cookie })
  expect(res.statusCode, res.body).toBe(200)
  return res.json<SearchReply>()
}

const found = async (cookie: string, q: string) =>
  (await search(cookie, { q, limit: 50 })).items.map((item) => `${item.type}:${item.id}`)

beforeAll(async () => {
  t = await createTestApp()
  const owner = await signedInAdmin(t)
  admin = owner.cookie
  organizationId = owner.user.company.id

  const client = await createClient(t, admin, {
    name: 'Harbourview Holdings',
    email: 'finance@harbourview.example',
  })
  ids.client = client.id
  const project = await createProject(t, admin, {
    clientId: client.id,
    name: 'Statutory programme',
    description: 'Covers the marmalade subsidiary',
  })
  ids.project = project.id
  const audit = await createAudit(t, admin, { projectId: project.id, name: 'Year end lighthouse' })
  ids.audit = audit.id
  member = await signedInClientUser(t, organizationId, client.id)

  const create = async (auditId: string, body: Record<string, unknown>) => {
    const res = await t.request('POST', `/api/audits/${auditId}/requests`, { cookie: admin, body })
    expect(res.statusCode, res.body).toBe(201)
    return res.json<AuditRequest>()
  }
  const send = async (auditId: string, requestIds: string[]) => {
    const res = await t.request('POST', `/api/audits/${auditId}/send`, {
      cookie: admin,
      body: { requestIds },
    })
    expect(res.statusCode, res.body).toBe(200)
  }

  const sent = await create(audit.id, {
    title: 'Bank confirmation letters',
    description: 'Every account, including the escrow at Fjordbank',
    assigneeId: member.user.id,
  })
  ids.sent = sent.id
  const draft = await create(audit.id, { title: 'Confidential zanzibar bonus review' })
  ids.draft = draft.id
  await send(audit.id, [sent.id])

  const comment = async (body: string, internal: boolean) => {
    const res = await t.request('POST', `/api/requests/${sent.id}/comments`, {
      cookie: admin,
      body: { body, internal },
    })
    expect(res.statusCode, res.body).toBe(201)
    return res.json<{ id: string }>().id
  }
  ids.comment = await comment('Please add the pelican account too', false)
  ids.note = await comment('Partner doubts the pelican figures', true)
  ids.draftNote = (
    await t.request('POST', `/api/requests/${draft.id}/comments`, {
      cookie: admin,
      body: { body: 'Pelican bonus pool unexplained', internal: false },
    })
  ).json<{ id: string }>().id

  const files = [
    { name: 'statement.pdf', data: await pdfOf(['Cover page', 'Balance held with Quokkabank']) },
    { name: 'minutes.docx', data: await docxOf(['The board approved the wombat dividend']) },
    {
      name: 'ledger.xlsx',
      data: await xlsxOf([
        ['Account', 'Narrative'],
        ['4000', 'Capybara fees'],
      ]),
    },
    { name: 'balances.csv', data: Buffer.from('account,memo\n1200,"Narwhal deposit"\n') },
    { name: 'notes.txt', data: Buffer.from('\uFEFFReconciliation by the axolotl team') },
    {
      name: 'long.txt',
      data: Buffer.from(`${'Routine ledger wording. '.repeat(2_000)}The gazelle clause applies.`),
    },
    { name: 'broken.pdf', data: Buffer.from('%PDF-1.7\nthis is not a pdf at all\n') },
    { name: 'photo.png', data: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex') },
  ]
  // One at a time: after each call the harness waits for its jobs (the reading of the text).
  for (const file of files) {
    const uploaded = await uploadFiles(t, member.cookie, sent.id, [file])
    expect(uploaded.statusCode, uploaded.body).toBe(201)
    ids[file.name] = uploaded.json<RequestFile[]>()[0]!.id
  }
  const submitted = await t.request('POST', `/api/requests/${sent.id}/submit`, {
    cookie: member.cookie,
    body: { response: 'Treasury reconciled the platypus balance' },
  })
  expect(submitted.statusCode, submitted.body).toBe(200)

  // Another client of the same firm, with a request sent to its own user.
  const otherClient = await createClient(t, admin, { name: 'Harbourview Marine' })
  const otherProject = await createProject(t, admin, { clientId: otherClient.id })
  const otherAudit = await createAudit(t, admin, { projectId: otherProject.id })
  neighbour = await signedInClientUser(t, organizationId, otherClient.id)
  const neighbours = await create(otherAudit.id, {
    title: 'Bank confirmation for the marine arm',
    assigneeId: neighbour.user.id,
  })
  await send(otherAudit.id, [neighbours.id])
  ids.neighbours = neighbours.id

  // Another firm with the same words.
  otherFirm = (await signedInAdmin(t)).cookie
  const foreign = await createAudit(t, otherFirm, { name: 'Year end lighthouse' })
  ids.foreignAudit = foreign.id
  const res = await t.request('POST', `/api/audits/${foreign.id}/requests`, {
    cookie: otherFirm,
    body: { title: 'Bank confirmation letters' },
  })
  ids.foreignRequest = res.json<AuditRequest>().id

  await t.app.jobs.idle(60_000)
}, 120_000)

afterAll(async () => {
  await t?.close()
})

describe('what the firm finds', () => {
  it.each([
    ['a client by its name', 'harbourview holdings', 'client'],
    ['a client by its e-mail address', 'finance@harbourview.example', 'client'],
    ['a project by its description', 'marmalade', 'project'],
    ['an audit by its name', 'lighthouse', 'audit'],
    ['a request by its title', 'confirmation letters', 'sent'],
    ['a request by its description', 'fjordbank', 'sent'],
    ['a request by its answer', 'platypus', 'sent'],
    ['a draft', 'zanzibar', 'draft'],
    ['a comment', 'pelican account', 'comment'],
    ['an internal note', 'doubts', 'note'],
    ['a file by its name', 'minutes', 'minutes.docx'],
    ['the text of a PDF, on its second page', 'quokkabank', 'statement.pdf'],
    ['the text of a DOCX', 'wombat', 'minutes.docx'],
    ['the text of an XLSX', 'capybara', 'ledger.xlsx'],
    ['the text of a CSV', 'narwhal', 'balances.csv'],
    ['the text of a TXT', 'axolotl', 'notes.txt'],
  ])('%s', async (_what, q, key) => {
    const results = await found(admin, q)
    expect(
      results.some((result) => result.endsWith(`:${ids[key]}`)),
      results.join(),
    ).toBe(true)
  })

  it('matches stems and the word being typed as a prefix, and highlights the words', async () => {
    const [first] = (await search(admin, { q: 'confirming lett', types: 'request' })).items
    expect(first).toMatchObject({
      type: 'request',
      id: ids.sent,
      url: `/requests/${ids.sent}`,
      context: 'Harbourview Holdings · Statutory programme · Year end lighthouse',
    })
    const marked = first!.highlights.map(([start, end]) => first!.snippet.slice(start, end))
    expect(marked).toEqual(expect.arrayContaining(['confirmation', 'letters']))
    // Not a prefix once a space follows it.
    expect(await found(admin, 'lett ')).toEqual([])
  })

  it('links comments and files to their request, and says where they belong', async () => {
    const { items } = await search(admin, { q: 'pelican', types: 'comment' })
    const note = items.find((item) => item.id === ids.note)
    expect(note).toMatchObject({
      title: expect.stringMatching(/^Internal note by /),
      url: `/requests/${ids.sent}#comment-${ids.note}`,
      context: expect.stringMatching(/^#1 Bank confirmation letters · Harbourview Holdings/),
    })
    const [file] = (await search(admin, { q: 'wombat', types: 'file' })).items
    expect(file).toMatchObject({
      title: 'minutes.docx',
      url: `/requests/${ids.sent}#file-${ids['minutes.docx']}`,
    })
    expect(file!.snippet).toContain('wombat dividend')
  })

  it('takes a long file’s snippet from where the words are', async () => {
    const [file] = (await search(admin, { q: 'gazelles', types: 'file' })).items
    expect(file).toMatchObject({ id: ids['long.txt'] })
    const marked = file!.highlights.map(([start, end]) => file!.snippet.slice(start, end))
    expect(marked).toContain('gazelle')
    expect(file!.snippet.length).toBeLessThan(1_000)
  })

  it('marks a file it cannot read, and one of a type it does not read, and tries neither again', async () => {
    const rows = await t.app.db
      .select({
        fileName: requestFiles.fileName,
        status: requestFiles.textStatus,
        failure: requestFiles.textFailure,
      })
      .from(requestFiles)
      .where(eq(requestFiles.requestId, ids.sent!))
    const byName = Object.fromEntries(rows.map((row) => [row.fileName, row]))
    expect(byName['broken.pdf']).toMatchObject({ status: 'failed', failure: 'unreadable' })
    expect(byName['photo.png']).toMatchObject({ status: 'unsupported', failure: null })
    expect(byName['statement.pdf']).toMatchObject({ status: 'done' })
    // Still found by its name.
    expect(await found(admin, 'broken')).toContain(`file:${ids['broken.pdf']}`)
  })

  it('narrows to some kinds and pages through the rest', async () => {
    const files = await search(admin, { q: 'pdf', types: 'file,comment' })
    expect(files.items.every((item) => item.type === 'file' || item.type === 'comment')).toBe(true)
    const first = await search(admin, { q: 'harbourview', limit: 1 })
    expect(first.items).toHaveLength(1)
    expect(first.nextCursor).toEqual(expect.any(String))
    const second = await search(admin, { q: 'harbourview', limit: 1, cursor: first.nextCursor! })
    expect(second.items).toHaveLength(1)
    expect(second.items[0]!.id).not.toBe(first.items[0]!.id)
    const all = await search(admin, { q: 'harbourview', limit: 50 })
    expect(all.nextCursor).toBeNull()
    expect(all.items.slice(0, 2).map((item) => item.id)).toEqual([
      first.items[0]!.id,
      second.items[0]!.id,
    ])
  })
})

describe('a word in many rows', () => {
  it('answers the best of the first matches found, paged up to the depth, then stops', async () => {
    const audit = await createAudit(t, admin)
    await seedRequests(t, { organizationId, auditId: audit.id, count: RANKED_PER_KIND + 100 })
    const seen = new Set<string>()
    let cursor: string | null = null
    let pages = 0
    do {
      const page: SearchReply = await search(admin, {
        q: 'seeded',
        types: 'request',
        limit: SEARCH_LIMIT.max,
        ...(cursor ? { cursor } : {}),
      })
      for (const item of page.items) seen.add(item.id)
      cursor = page.nextCursor
      pages += 1
    } while (cursor && pages < 10)
    expect(seen.size).toBe(SEARCH_DEPTH_MAX)
    expect(pages).toBe(SEARCH_DEPTH_MAX / SEARCH_LIMIT.max)
  })
})

describe('what a client user finds', () => {
  const seen = (results: string[], key: string) => results.some((r) => r.endsWith(`:${ids[key]}`))

  it('their client, project, audit, the sent request, its comments and files', async () => {
    expect(seen(await found(member.cookie, 'harbourview'), 'client')).toBe(true)
    expect(seen(await found(member.cookie, 'marmalade'), 'project')).toBe(true)
    expect(seen(await found(member.cookie, 'lighthouse'), 'audit')).toBe(true)
    expect(seen(await found(member.cookie, 'fjordbank'), 'sent')).toBe(true)
    expect(seen(await found(member.cookie, 'pelican account'), 'comment')).toBe(true)
    expect(seen(await found(member.cookie, 'wombat'), 'minutes.docx')).toBe(true)
  })

  it('never a draft, an internal note, or a draft’s comments', async () => {
    expect(await found(member.cookie, 'zanzibar')).toEqual([])
    expect(await found(member.cookie, 'doubts')).toEqual([])
    const pelican = await found(member.cookie, 'pelican')
    expect(pelican).toEqual([`comment:${ids.comment}`])
  })

  it('nothing of another client of the firm', async () => {
    const results = await found(member.cookie, 'bank confirmation')
    expect(results).toEqual([`request:${ids.sent}`])
    expect(await found(member.cookie, 'marine')).toEqual([])
    const theirs = await found(neighbour.cookie, 'bank confirmation')
    expect(theirs).toEqual([`request:${ids.neighbours}`])
  })
})

describe('another firm', () => {
  it('finds only its own', async () => {
    expect(await found(otherFirm, 'harbourview')).toEqual([])
    expect(await found(otherFirm, 'wombat')).toEqual([])
    expect(await found(otherFirm, 'lighthouse')).toEqual([`audit:${ids.foreignAudit}`])
    expect(await found(otherFirm, 'confirmation')).toEqual([`request:${ids.foreignRequest}`])
  })
})

describe('what it refuses', () => {
  it.each([
    ['no q', '', ['q']],
    ['an empty q', 'q=', ['q']],
    ['a q too long', `q=${'a'.repeat(201)}`, ['q']],
    ['an unknown type', 'q=bank&types=client,invoice', ['types']],
    ['a limit of 0', 'q=bank&limit=0', ['limit']],
    ['a limit too large', 'q=bank&limit=51', ['limit']],
    ['a cursor not of ours', 'q=bank&cursor=bogus', ['cursor']],
    [
      'a cursor past the depth',
      `q=bank&cursor=${Buffer.from('o999').toString('base64url')}`,
      ['cursor'],
    ],
    ['an unknown field', 'q=bank&sort=asc', []],
  ])('%s', async (_what, query, paths) => {
    const res = await t.request('GET', `/api/search?${query}`, { cookie: admin })
    expectValidation(res, paths)
  })

  it('answers nothing for words it cannot search by, rather than an error', async () => {
    for (const q of ['!!!', '"', "'&|:*()", 'the'])
      expect((await search(admin, { q })).items, q).toEqual([])
  })

  it('is for signed-in users only', async () => {
    const res = await t.request('GET', '/api/search?q=bank')
    expect(res.statusCode).toBe(401)
  })

  it('keeps results it shows in the shape of the contract', async () => {
    const { items } = await search(admin, { q: 'harbourview' })
    for (const item of items)
      expect(Object.keys(item).sort()).toEqual([
        'context',
        'highlights',
        'id',
        'snippet',
        'title',
        'type',
        'url',
      ] satisfies Array<keyof SearchResultDto>)
  })
})

describe('a file over the size that is read', () => {
  let big: TestApp
  afterAll(async () => {
    await big?.close()
  })

  it('is marked too_large without being read, and is still found by its name', async () => {
    big = await createTestApp({
      env: { UPLOAD_MAX_FILE_MB: String(EXTRACTABLE_MAX_BYTES / 2 ** 20 + 2) },
    })
    const owner = await signedInAdmin(big)
    const project = await createProject(big, owner.cookie)
    const member = await signedInClientUser(big, owner.user.company.id, project.clientId)
    const request = await sentRequest(big, owner.cookie, {
      projectId: project.id,
      assigneeId: member.user.id,
    })
    const huge = Buffer.alloc(EXTRACTABLE_MAX_BYTES + 1024, 'ibis ')
    const uploaded = await uploadFiles(big, member.cookie, request.id, [
      { name: 'enormous-ledger.txt', data: huge },
    ])
    expect(uploaded.statusCode, uploaded.body).toBe(201)
    const [row] = await big.app.db
      .select({ status: requestFiles.textStatus, failure: requestFiles.textFailure })
      .from(requestFiles)
      .where(eq(requestFiles.requestId, request.id))
    expect(row).toEqual({ status: 'failed', failure: 'too_large' })
    const res = await big.request('GET', '/api/search?q=enormous', { cookie: owner.cookie })
    expect(res.json<SearchReply>().items.map((item) => item.title)).toEqual(['enormous-ledger.txt'])
    const words = await big.request('GET', '/api/search?q=ibis', { cookie: owner.cookie })
    expect(words.json<SearchReply>().items).toEqual([])
  })
})

describe('a file gone from the storage before its text is read', () => {
  it('is marked unreadable, not tried again, and the log says why', async () => {
    const request = await sentRequest(t, admin, {
      projectId: ids.project!,
      assigneeId: member.user.id,
    })
    const uploaded = await uploadFiles(t, member.cookie, request.id, [
      { name: 'vanished.txt', data: Buffer.from('The okapi ledger') },
    ])
    expect(uploaded.statusCode, uploaded.body).toBe(201)
    const fileId = uploaded.json<RequestFile[]>()[0]!.id
    // As if its job were lost before it ran, and the stored bytes then went missing.
    const [file] = await t.app.db
      .update(requestFiles)
      .set({ textStatus: 'pending', extractedText: null })
      .where(eq(requestFiles.id, fileId))
      .returning({ storageKey: requestFiles.storageKey })
    await t.removeStored(file!.storageKey)
    await t.app.jobs.enqueue(t.app.db, FILE_TEXT_QUEUE, { fileId })
    await t.app.jobs.idle()

    const [row] = await t.app.db
      .select({ status: requestFiles.textStatus, failure: requestFiles.textFailure })
      .from(requestFiles)
      .where(eq(requestFiles.id, fileId))
    expect(row).toEqual({ status: 'failed', failure: 'unreadable' })
    // A second job for it finds nothing waiting.
    await t.app.jobs.enqueue(t.app.db, FILE_TEXT_QUEUE, { fileId })
    await t.app.jobs.idle()
    const logged = t.logs.filter(
      (line) => line.includes('"event":"file.text_unreadable"') && line.includes(fileId),
    )
    expect(logged).toHaveLength(1)
    expect(logged[0]).toContain('"missing":true')
    expect(await found(admin, 'okapi')).toEqual([])
    expect(await found(admin, 'vanished')).toEqual([`file:${fileId}`])
  })
})

import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RequestStatus } from '@shared/schemas/requests'
import type { AuditReport } from '@shared/schemas/reports'
import { BURN_DOWN_POINTS } from '@shared/schemas/reports'
import {
  createAudit,
  expectError,
  seedRequests,
  signedInClientUser,
  signedInStaff,
} from '../../test/factories'
import { createTestApp, signedInAdmin, type TestApp } from '../../test/harness'

/**
 * An audit's figures, recomputed here from a scripted history of its requests, independently of
 * the server's SQL: in a firm west of UTC whose requests were sent across the end of summer time
 * (New York, 1 November 2026), at a moment when the firm's day is not yet UTC's.
 */

const TIME_ZONE = 'America/New_York'
/** 03:30 UTC on 20 November: still the 19th in New York. */
const NOW = new Date('2026-11-20T03:30:00Z')
const HOUR = 3_600_000

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

/** A request's life as the test writes it. */
interface Life {
  status: RequestStatus
  sentAt: Date | null
  dueDate: string | null
  acceptedAt: Date | null
  /** When it was set aside (its last change). */
  updatedAt: Date
  clientAsk: 'question' | null
  assignee: number | null
  versions: Array<{ submittedAt: Date; returnedAt: Date | null }>
}

/** A small deterministic generator (mulberry32), so that a failure reproduces. */
function random(seed: number) {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let r = Math.imul(a ^ (a >>> 15), 1 | a)
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r
    return ((r ^ (r >>> 14)) >>> 0) / 4_294_967_296
  }
}

/** The day in New York, by another road than the server's (a Swedish date reads YYYY-MM-DD). */
const nyDay = (at: Date) => at.toLocaleDateString('sv-SE', { timeZone: TIME_ZONE })
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000
const median = (values: number[]) => {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

function lives(count: number, seed: number): Life[] {
  const next = random(seed)
  const pick = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)]!
  const result: Life[] = []
  for (let i = 0; i < count; i++) {
    // Sent between 50 days and 1 hour ago, many of them around the change of time.
    const sentAt = new Date(NOW.getTime() - Math.floor(1 + next() * 50 * 24) * HOUR)
    const due = new Date(sentAt.getTime() + Math.floor(next() * 40 - 5) * 24 * HOUR)
    const life: Life = {
      status: pick([
        'draft',
        'sent',
        'sent',
        'submitted',
        'returned',
        'accepted',
        'not_applicable',
      ]),
      sentAt,
      dueDate: next() < 0.15 ? null : due.toISOString().slice(0, 10),
      acceptedAt: null,
      updatedAt: sentAt,
      clientAsk: null,
      assignee: next() < 0.2 ? null : Math.floor(next() * 3),
      versions: [],
    }
    let at = sentAt.getTime()
    const later = () =>
      (at = Math.min(NOW.getTime() - HOUR, at + Math.floor(1 + next() * 200) * HOUR))
    if (life.status === 'draft') {
      life.sentAt = null
    } else if (life.status === 'sent') {
      life.clientAsk = next() < 0.2 ? 'question' : null
    } else if (life.status === 'not_applicable') {
      // Set aside, sometimes before it was ever sent.
      if (next() < 0.3) life.sentAt = null
      life.updatedAt = new Date(later())
    } else {
      const returns = Math.floor(next() * 3)
      for (let r = 0; r < returns; r++)
        life.versions.push({ submittedAt: new Date(later()), returnedAt: new Date(later()) })
      if (life.status === 'returned' && returns === 0)
        life.versions.push({ submittedAt: new Date(later()), returnedAt: new Date(later()) })
      if (life.status !== 'returned')
        life.versions.push({ submittedAt: new Date(later()), returnedAt: null })
      if (life.status === 'accepted') life.acceptedAt = new Date(later())
    }
    result.push(life)
  }
  return result
}

async function writeLives(auditId: string, orgId: string, assignees: string[], script: Life[]) {
  const ids = await seedRequests(t, { organizationId: orgId, auditId, count: script.length })
  await t.app.db.transaction(async (tx) => {
    for (const [i, life] of script.entries()) {
      const id = ids[i]!
      const iso = (at: Date | null) => at?.toISOString() ?? null
      await tx.execute(sql`update audit_requests set
        status = ${life.status}, sent_at = ${iso(life.sentAt)}::timestamptz,
        due_date = ${life.dueDate}::date, accepted_at = ${iso(life.acceptedAt)}::timestamptz,
        updated_at = ${iso(life.updatedAt)}::timestamptz, client_ask = ${life.clientAsk},
        client_ask_text = ${life.clientAsk ? 'Which year?' : null},
        client_ask_at = ${life.clientAsk ? iso(life.sentAt) : null}::timestamptz,
        not_applicable_reason = ${life.status === 'not_applicable' ? 'Not held' : null},
        assignee_user_id = ${life.assignee === null ? null : assignees[life.assignee]!}::uuid
        where id = ${id}`)
      for (const [n, version] of life.versions.entries())
        await tx.execute(sql`insert into request_versions
          (request_id, number, response, submitted_at, returned_at, returned_reason, created_at, updated_at)
          values (${id}, ${n + 1}, 'Answer', ${iso(version.submittedAt)}::timestamptz,
            ${iso(version.returnedAt)}::timestamptz, ${version.returnedAt ? 'Incomplete' : null},
            ${iso(version.submittedAt)}::timestamptz, ${iso(version.submittedAt)}::timestamptz)`)
    }
  })
}

/** The figures as shared/schemas/reports.ts defines them, from the script alone. */
function expected(script: Life[], assigneeNames: string[]) {
  const today = nyDay(NOW)
  const byStatus = { draft: 0, sent: 0, submitted: 0, returned: 0, accepted: 0, not_applicable: 0 }
  for (const life of script) byStatus[life.status]++
  const awaitingClient = (life: Life) =>
    (life.status === 'sent' || life.status === 'returned') && life.clientAsk === null
  const late = (life: Life) =>
    awaitingClient(life) && life.dueDate !== null && life.dueDate < today
      ? dayNumber(today) - dayNumber(life.dueDate)
      : 0
  const lateDays = script.map(late).filter((days) => days > 0)
  const isOpen = (life: Life) => ['sent', 'submitted', 'returned'].includes(life.status)

  const clientHours = script
    .filter((life) => life.sentAt && life.versions.length > 0)
    .map((life) => (life.versions[0]!.submittedAt.getTime() - life.sentAt!.getTime()) / HOUR)
  const reviewHours = script.flatMap((life) =>
    life.versions.flatMap((version, n) => {
      const decided =
        version.returnedAt ??
        (life.status === 'accepted' && n === life.versions.length - 1 ? life.acceptedAt : null)
      return decided ? [(decided.getTime() - version.submittedAt.getTime()) / HOUR] : []
    }),
  )
  const versions = script.flatMap((life) => life.versions)

  const perAssignee = new Map<number | null, { open: number; overdue: number }>()
  for (const life of script.filter(isOpen)) {
    const entry = perAssignee.get(life.assignee) ?? { open: 0, overdue: 0 }
    entry.open++
    if (late(life) > 0) entry.overdue++
    perAssignee.set(life.assignee, entry)
  }

  const sent = script.filter((life) => life.sentAt)
  const firstDay = sent.map((life) => nyDay(life.sentAt!)).sort()[0]!
  const burnDown = []
  for (let day = dayNumber(firstDay); day <= dayNumber(today); day++) {
    const date = new Date(day * 86_400_000).toISOString().slice(0, 10)
    const sentBy = sent.filter((life) => nyDay(life.sentAt!) <= date)
    const closed = (life: Life) =>
      life.status === 'accepted'
        ? nyDay(life.acceptedAt!)
        : life.status === 'not_applicable'
          ? nyDay(life.updatedAt)
          : null
    burnDown.push({
      day: date,
      open: sentBy.filter((life) => closed(life) === null || closed(life)! > date).length,
      planned: sentBy.filter((life) => life.dueDate === null || life.dueDate > date).length,
    })
  }

  return {
    today,
    timeZone: TIME_ZONE,
    progress: {
      done: byStatus.accepted + byStatus.not_applicable,
      sent: script.length - byStatus.draft,
    },
    byStatus,
    overdue: {
      total: lateDays.length,
      aging: [
        { key: 'week', count: lateDays.filter((d) => d <= 7).length },
        { key: 'month', count: lateDays.filter((d) => d >= 8 && d <= 30).length },
        { key: 'older', count: lateDays.filter((d) => d > 30).length },
      ],
    },
    turnaround: {
      clientHours: median(clientHours),
      clientSamples: clientHours.length,
      reviewHours: median(reviewHours),
      reviewSamples: reviewHours.length,
    },
    returns: {
      returned: versions.filter((version) => version.returnedAt).length,
      submitted: versions.length,
    },
    assignees: [...perAssignee.entries()].map(([index, counts]) => ({
      userId: index === null ? null : expect.any(String),
      name: index === null ? null : assigneeNames[index],
      ...counts,
    })),
    burnDown,
  }
}

describe('GET /api/audits/{id}/report', () => {
  it('gives the figures the requests’ history makes, in the firm’s time zone across a change of time', async () => {
    const admin = await signedInAdmin(t, { timeZone: TIME_ZONE })
    const orgId = admin.user.company.id
    const audit = await createAudit(t, admin.cookie)
    const clientId = audit.client.id
    const assignees = await Promise.all(
      [0, 1, 2].map(async () => (await signedInClientUser(t, orgId, clientId)).user.id),
    )
    const script = lives(60, 2026)
    await writeLives(audit.id, orgId, assignees, script)
    t.clock.set(NOW)
    try {
      const res = await t.request('GET', `/api/audits/${audit.id}/report`, { cookie: admin.cookie })
      expect(res.statusCode).toBe(200)
      const report = res.json<AuditReport>()
      const want = expected(script, ['Clara Client', 'Clara Client', 'Clara Client'])
      expect(report.today).toBe('2026-11-19')
      const { assignees: gotAssignees, turnaround, ...rest } = report
      const { assignees: wantAssignees, turnaround: wantTurnaround, ...wantRest } = want
      expect(rest).toEqual(wantRest)
      expect(turnaround.clientSamples).toBe(wantTurnaround.clientSamples)
      expect(turnaround.reviewSamples).toBe(wantTurnaround.reviewSamples)
      expect(turnaround.clientHours).toBeCloseTo(wantTurnaround.clientHours!, 6)
      expect(turnaround.reviewHours).toBeCloseTo(wantTurnaround.reviewHours!, 6)
      // Most open first; each assignee's counts as the script makes them.
      expect(gotAssignees.map((row) => row.open)).toEqual(
        [...gotAssignees.map((row) => row.open)].sort((a, b) => b - a),
      )
      expect(gotAssignees).toEqual(expect.arrayContaining(wantAssignees))
      expect(gotAssignees).toHaveLength(wantAssignees.length)
      for (const row of gotAssignees) if (row.userId) expect(assignees).toContain(row.userId)
      // The script does cross the change of time and leaves requests late in each bucket.
      expect(report.burnDown[0]!.day < '2026-11-01').toBe(true)
      expect(report.overdue.aging.every((bucket) => bucket.count > 0)).toBe(true)
    } finally {
      t.clock.set(new Date())
    }
  })

  it('an audit never sent: nothing sent, no burn-down, no turnaround', async () => {
    const admin = await signedInAdmin(t)
    const audit = await createAudit(t, admin.cookie)
    await seedRequests(t, { organizationId: admin.user.company.id, auditId: audit.id, count: 3 })
    const res = await t.request('GET', `/api/audits/${audit.id}/report`, { cookie: admin.cookie })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      progress: { done: 0, sent: 0 },
      byStatus: { draft: 3, sent: 0 },
      overdue: { total: 0 },
      turnaround: { clientHours: null, clientSamples: 0, reviewHours: null, reviewSamples: 0 },
      returns: { returned: 0, submitted: 0 },
      assignees: [],
      burnDown: [],
    })
  })

  it('a long audit is drawn a few days a point, today last', async () => {
    const admin = await signedInAdmin(t)
    const audit = await createAudit(t, admin.cookie)
    const orgId = admin.user.company.id
    const [id] = await seedRequests(t, { organizationId: orgId, auditId: audit.id, count: 1 })
    await t.app.db.execute(
      sql`update audit_requests set status = 'sent', sent_at = now() - interval '400 days' where id = ${id!}`,
    )
    const report = (
      await t.request('GET', `/api/audits/${audit.id}/report`, { cookie: admin.cookie })
    ).json<AuditReport>()
    expect(report.burnDown.length).toBeLessThanOrEqual(BURN_DOWN_POINTS)
    expect(report.burnDown.length).toBeGreaterThan(BURN_DOWN_POINTS / 2)
    expect(report.burnDown.at(-1)!.day).toBe(report.today)
    expect(report.burnDown.every((point) => point.open === 1 && point.planned === 1)).toBe(true)
  })

  it('is the firm’s: staff read it, a client user is refused, another company’s audit is not found', async () => {
    const admin = await signedInAdmin(t)
    const orgId = admin.user.company.id
    const audit = await createAudit(t, admin.cookie)
    const staff = await signedInStaff(t, orgId)
    const path = `/api/audits/${audit.id}/report`
    expect((await t.request('GET', path, { cookie: staff.cookie })).statusCode).toBe(200)
    const client = await signedInClientUser(t, orgId, audit.client.id)
    expectError(await t.request('GET', path, { cookie: client.cookie }), 403, 'FORBIDDEN')
    const other = await signedInAdmin(t)
    expectError(await t.request('GET', path, { cookie: other.cookie }), 404, 'NOT_FOUND')
    expectError(await t.request('GET', path), 401, 'UNAUTHENTICATED')
    expectError(
      await t.request('GET', '/api/audits/not-an-id/report', { cookie: admin.cookie }),
      400,
      'VALIDATION',
    )
  })
})

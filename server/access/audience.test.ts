import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { NotificationPage } from '@shared/schemas/reminders'
import type { AuditRequest } from '@shared/schemas/requests'
import { CHANGES_CHANNEL, type Change } from '../modules/events/changes'
import { sendEventMail } from '../modules/notifications/event-mail'
import {
  createAudit,
  createClient,
  createProject,
  signedInClientUser,
  signedInStaff,
} from '../test/factories'
import { APP_URL, createTestApp, signedInAdmin, type TestApp } from '../test/harness'
import { mayHear } from './audience'

/**
 * The audience rule from outside: for every kind of event, who hears it (the bell, the event mail,
 * the mails of Remind now, the live hints of open pages), among the firm, the assigned client user,
 * a colleague of the same client, a client user of another client of the same firm, another firm,
 * a client user moved to another client and a staff member made a client user.
 */

let t: TestApp
let heard: Change[] = []
let stopListening: () => Promise<void>
beforeAll(async () => {
  // Event mails wait for the test to send them (sendEventMail), as the job would.
  t = await createTestApp({ env: { EVENT_MAIL_DELAY_SECONDS: '600' } })
  stopListening = await t.app.database.listen(
    CHANGES_CHANNEL,
    (payload) => heard.push(JSON.parse(payload) as Change),
    () => {},
  )
})
afterAll(async () => {
  await stopListening?.()
  await t?.close()
})

interface Person {
  name: string
  cookie: string
  userId: string
  email: string
  organizationId: string
  /** As the person is now (open pages are told by this). */
  clientId: string | null
  firm: boolean
}

const origin = { origin: APP_URL }

async function call(person: Person, method: 'POST' | 'PATCH', url: string, body?: unknown) {
  const res = await t.request(method, url, { cookie: person.cookie, headers: origin, body })
  expect(res.statusCode, `${person.name} ${method} ${url}: ${res.body}`).toBeLessThan(300)
  return res
}

const bell = async (person: Person) => {
  const res = await t.request('GET', '/api/notifications?limit=100', { cookie: person.cookie })
  expect(res.statusCode, res.body).toBe(200)
  return res.json<NotificationPage>()
}

async function scene() {
  const admin = await signedInAdmin(t)
  const orgId = admin.user.company.id
  const project = await createProject(t, admin.cookie)
  const clientX = project.clientId
  const clientY = (await createClient(t, admin.cookie)).id
  const other = await signedInAdmin(t)
  const person = (
    name: string,
    signedIn: { cookie: string; user: { id: string; email?: string } },
    email: string,
    clientId: string | null,
    organizationId = orgId,
  ): Person => ({
    name,
    cookie: signedIn.cookie,
    userId: signedIn.user.id,
    email,
    organizationId,
    clientId,
    firm: clientId === null,
  })
  const clientUser = async (name: string, clientId: string) => {
    const signedIn = await signedInClientUser(t, orgId, clientId)
    return person(name, signedIn, signedIn.user.email, clientId)
  }
  const staffUser = async (name: string) => {
    const signedIn = await signedInStaff(t, orgId)
    return person(name, signedIn, signedIn.user.email, null)
  }
  const people = {
    lead: person('lead', admin, admin.account.email, null),
    staff: await staffUser('staff'),
    assignee: await clientUser('assignee', clientX),
    colleague: await clientUser('colleague', clientX),
    otherClient: await clientUser('otherClient', clientY),
    otherFirm: person('otherFirm', other, other.account.email, null, other.user.company.id),
    /** Assigned while a user of the audit's client, then moved to another client. */
    moved: await clientUser('moved', clientX),
    /** Took part as staff, then made a client user of the audit's client. */
    demoted: await staffUser('demoted'),
  }
  const audit = await createAudit(t, admin.cookie, { projectId: project.id })
  const create = async (title: string, assignee: Person) =>
    (
      await call(people.lead, 'POST', `/api/audits/${audit.id}/requests`, {
        title,
        assigneeId: assignee.userId,
      })
    ).json<AuditRequest>()
  const sent = await create('Bank statements', people.assignee)
  const movedOnes = await create('Payroll', people.moved)
  await call(people.lead, 'POST', `/api/audits/${audit.id}/send`, {})
  const draft = await create('Draft ledger', people.assignee)
  return { people, audit, orgId, clientX, clientY, sent, movedOnes, draft }
}

type Scene = Awaited<ReturnType<typeof scene>>
type Name = keyof Scene['people']

/**
 * Runs `action` and says who heard of it: new notifications in each bell, and, for open pages,
 * who the changes about the request (or its audit) reach.
 */
async function whoHears(s: Scene, requestId: string, action: () => Promise<unknown>) {
  const everyone = Object.values(s.people)
  const before = new Map(
    await Promise.all(
      everyone.map(
        async (person) =>
          [person.name, new Set((await bell(person)).items.map((item) => item.id))] as const,
      ),
    ),
  )
  heard = []
  await action()
  await new Promise((resolve) => setTimeout(resolve, 150))
  const bellHeard: string[] = []
  for (const person of everyone) {
    const items = (await bell(person)).items.filter(
      (item) => !before.get(person.name)!.has(item.id),
    )
    if (items.length > 0) bellHeard.push(person.name)
  }
  const about = heard.filter((change) =>
    change.topics.some(
      (topic) => topic === `request:${requestId}` || topic === `audit:${s.audit.id}`,
    ),
  )
  const liveHeard = everyone
    .filter((person) => about.some((change) => mayHear(person, change)))
    .map((person) => person.name)
  return { bell: bellHeard.sort(), live: liveHeard.sort() }
}

const names = (...list: Name[]) => [...list].sort()

describe('the audience rule, every event × every audience', () => {
  let s: Scene
  beforeAll(async () => {
    s = await scene()
    const comment = (person: Person, requestId: string, body: string, internal = false) =>
      call(person, 'POST', `/api/requests/${requestId}/comments`, { body, internal })
    // Everyone takes part while they may: the moved user and the colleague on the sent requests,
    // the staff member who will be made a client user on the draft and in internal notes.
    await comment(s.people.moved, s.movedOnes.id, 'Working on it')
    await comment(s.people.lead, s.movedOnes.id, 'Please add the May payslips')
    await comment(s.people.colleague, s.sent.id, 'I can help')
    await comment(s.people.staff, s.sent.id, 'Check the totals', true)
    await comment(s.people.demoted, s.sent.id, 'Looks odd to me', true)
    await comment(s.people.demoted, s.draft.id, 'Add the 2024 ledger too')
    await comment(s.people.staff, s.draft.id, 'Agreed')
    // Then the two changes of person: the audience is decided by who they are now.
    await call(s.people.lead, 'PATCH', `/api/users/${s.people.moved.userId}`, {
      role: 'client',
      clientId: s.clientY,
    })
    s.people.moved.clientId = s.clientY
    await call(s.people.lead, 'PATCH', `/api/users/${s.people.demoted.userId}`, {
      role: 'client',
      clientId: s.clientX,
    })
    s.people.demoted.clientId = s.clientX
    s.people.demoted.firm = false
  })

  const firmAndClientX = names('lead', 'staff', 'assignee', 'colleague', 'demoted')
  const firm = names('lead', 'staff')

  it('a comment on a draft: the firm only, though the draft has a client assignee', async () => {
    const heard = await whoHears(s, s.draft.id, () =>
      call(s.people.lead, 'POST', `/api/requests/${s.draft.id}/comments`, {
        body: 'Draft note',
        internal: false,
      }),
    )
    // The assignee and the staff member made a client user took part; neither may see a draft.
    expect(heard.bell).toEqual(names('staff'))
    expect(heard.live).toEqual(firm)
  })

  it('a comment on a sent request: those taking part who may see it', async () => {
    const heard = await whoHears(s, s.sent.id, () =>
      call(s.people.lead, 'POST', `/api/requests/${s.sent.id}/comments`, {
        body: 'Which year?',
        internal: false,
      }),
    )
    expect(heard.bell).toEqual(names('staff', 'assignee', 'colleague', 'demoted'))
    expect(heard.live).toEqual(firmAndClientX)
  })

  it('an internal note: the firm only', async () => {
    const heard = await whoHears(s, s.sent.id, () =>
      call(s.people.lead, 'POST', `/api/requests/${s.sent.id}/comments`, {
        body: 'We suspect fraud',
        internal: true,
      }),
    )
    expect(heard.bell).toEqual(names('staff'))
    expect(heard.live).toEqual(firm)
  })

  it('Remind now mails the assignees who may see their requests, not one moved away', async () => {
    const before = (person: Person) => t.smtp.to(person.email).length
    const counts = { assignee: before(s.people.assignee), moved: before(s.people.moved) }
    await call(s.people.lead, 'POST', `/api/audits/${s.audit.id}/remind`)
    await t.app.jobs.idle()
    expect(t.smtp.to(s.people.assignee.email)).toHaveLength(counts.assignee + 1)
    expect(t.smtp.to(s.people.moved.email)).toHaveLength(counts.moved)
  })

  it('a client’s comment: the firm and the client’s users taking part, not one moved away', async () => {
    const heard = await whoHears(s, s.movedOnes.id, () =>
      call(s.people.colleague, 'POST', `/api/requests/${s.movedOnes.id}/comments`, {
        body: 'Attached below',
        internal: false,
      }),
    )
    // The moved user is still its assignee and wrote on it, but belongs to another client now.
    expect(heard.bell).toEqual(names('lead'))
    expect(heard.live).toEqual(firmAndClientX)
  })

  it('submitted, returned, accepted: the lead, then the assignee if they may still see it', async () => {
    const submitted = await whoHears(s, s.sent.id, () =>
      call(s.people.assignee, 'POST', `/api/requests/${s.sent.id}/submit`, { response: 'Here' }),
    )
    expect(submitted.bell).toEqual(names('lead'))
    expect(submitted.live).toEqual(firmAndClientX)
    const returned = await whoHears(s, s.sent.id, () =>
      call(s.people.lead, 'POST', `/api/requests/${s.sent.id}/return`, { reason: 'Page 3' }),
    )
    expect(returned.bell).toEqual(names('assignee'))
    expect(returned.live).toEqual(firmAndClientX)

    // The moved user's request, answered by a colleague: returned and accepted reach nobody.
    await call(s.people.colleague, 'POST', `/api/requests/${s.movedOnes.id}/submit`, {
      response: 'Done',
    })
    const returnedToMoved = await whoHears(s, s.movedOnes.id, () =>
      call(s.people.lead, 'POST', `/api/requests/${s.movedOnes.id}/return`, { reason: 'Again' }),
    )
    expect(returnedToMoved.bell).toEqual([])
    await call(s.people.colleague, 'POST', `/api/requests/${s.movedOnes.id}/submit`, {
      response: 'Done again',
    })
    const accepted = await whoHears(s, s.movedOnes.id, () =>
      call(s.people.lead, 'POST', `/api/requests/${s.movedOnes.id}/accept`),
    )
    expect(accepted.bell).toEqual([])
    expect(accepted.live).toEqual(firmAndClientX)
  })

  it('the bell of a moved user or a staff member made a client user shows only what they may see now', async () => {
    const moved = await bell(s.people.moved)
    expect(moved.items).toEqual([])
    expect(moved.unreadCount).toBe(0)
    const demoted = await bell(s.people.demoted)
    // Told of the lead's comment on the sent request after the change; never of a note or a draft.
    expect(demoted.items.map((item) => item.body)).toEqual(['Which year?'])
    expect(demoted.unreadCount).toBe(1)
    // The firm hears everything it took part in, before and after.
    expect((await bell(s.people.staff)).items.map((item) => item.body).sort()).toEqual(
      ['Looks odd to me', 'Draft note', 'We suspect fraud', 'Which year?'].sort(),
    )
  })

  it('event mails carry only what the recipient may see when the mail goes', async () => {
    // Told while they might, mailed now that they may not: the moved user of the lead's comment,
    // the staff member made a client user of a comment on the draft.
    for (const person of Object.values(s.people)) await sendEventMail(t.app, person.userId)
    await t.app.jobs.idle()
    const mailed = (person: Person) =>
      t.smtp
        .to(person.email)
        .map((mail) => mail.body)
        .join('\n')
    expect(mailed(s.people.demoted)).toContain('Which year?')
    expect(mailed(s.people.demoted)).not.toContain('fraud')
    expect(mailed(s.people.demoted)).not.toContain('Draft note')
    expect(mailed(s.people.demoted)).not.toContain('Agreed')
    expect(mailed(s.people.moved)).not.toContain('May payslips')
    expect(mailed(s.people.staff)).toContain('We suspect fraud')
    expect(mailed(s.people.assignee)).not.toContain('Draft note')
    expect(mailed(s.people.otherClient)).toBe('')
    expect(mailed(s.people.otherFirm)).not.toContain('Bank statements')
  })

  it('another firm and another client hear of nothing', async () => {
    expect((await bell(s.people.otherFirm)).items).toEqual([])
    expect((await bell(s.people.otherClient)).items).toEqual([])
  })

  it('a client’s proposal or question, and the firm’s answers: those taking part who may see it', async () => {
    const proposed = await whoHears(s, s.sent.id, () =>
      call(s.people.assignee, 'POST', `/api/requests/${s.sent.id}/propose-not-applicable`, {
        reason: 'We have none',
      }),
    )
    // The staff member made a client user wrote an internal note on it: as a client user of the
    // same client now, they hear what the client says, never the note.
    expect(proposed.bell).toEqual(names('lead', 'staff', 'colleague', 'demoted'))
    expect(proposed.live).toEqual(firmAndClientX)
    const declined = await whoHears(s, s.sent.id, () =>
      call(s.people.lead, 'POST', `/api/requests/${s.sent.id}/proposal/decline`, {
        reason: 'You have one in Zurich',
      }),
    )
    expect(declined.bell).toEqual(names('staff', 'assignee', 'colleague', 'demoted'))
    expect(declined.live).toEqual(firmAndClientX)
    const asked = await whoHears(s, s.sent.id, () =>
      call(s.people.colleague, 'POST', `/api/requests/${s.sent.id}/ask`, { question: 'Which?' }),
    )
    expect(asked.bell).toEqual(names('lead', 'staff', 'assignee', 'demoted'))
    expect(asked.live).toEqual(firmAndClientX)

    // Agreed: the assignee is told, whoever proposed it.
    const extra = (
      await call(s.people.lead, 'POST', `/api/audits/${s.audit.id}/requests`, {
        title: 'Leases',
        assigneeId: s.people.assignee.userId,
      })
    ).json<AuditRequest>()
    await call(s.people.lead, 'POST', `/api/audits/${s.audit.id}/send`, { requestIds: [extra.id] })
    await call(s.people.colleague, 'POST', `/api/requests/${extra.id}/propose-not-applicable`, {
      reason: 'We own every building',
    })
    const agreed = await whoHears(s, extra.id, () =>
      call(s.people.lead, 'POST', `/api/requests/${extra.id}/proposal/accept`),
    )
    expect(agreed.bell).toEqual(names('assignee'))
    expect(agreed.live).toEqual(firmAndClientX)
  })
})

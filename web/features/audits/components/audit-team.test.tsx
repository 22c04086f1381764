import { auditsApi } from '@shared/api/engagements'
import type { AuditDetail, UpdateTeamInput } from '@shared/schemas/audits'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { answer, answerPages, refusal } from '@/test/api'
import { anAudit, aTeamMember, aUser } from '@/test/fixtures'
import { renderWithApp } from '@/test/render'
import { server } from '@/test/server'
import { useQuery } from '@tanstack/react-query'
import { auditQueries } from '@/lib/queries/engagements'
import { AuditTeam } from './audit-team'

const margaret = aTeamMember({ name: 'Margaret Hamilton' })
const ada = aTeamMember({ name: 'Ada Lovelace' })
const linus = aTeamMember({ name: 'Linus Torvalds' })

/** The team as the audit page shows it: from the audit's query. */
function Team({ id }: { id: string }) {
  const audit = useQuery(auditQueries.detail(id))
  return audit.data ? <AuditTeam audit={audit.data} /> : null
}

function showTeam(audit: AuditDetail, user = aUser()) {
  server.use(answer(auditsApi.get, audit), answer(auditsApi.teamCandidates, [ada, linus, margaret]))
  return renderWithApp(<Team id={audit.id} />, { user })
}

const team = () => screen.getByRole('list', { name: 'Team' })

describe('the audit team', () => {
  test('a client user sees the lead, labelled, and the members, and cannot edit them', async () => {
    showTeam(
      anAudit({ lead: margaret, members: [ada], allowedActions: [] }),
      aUser({ role: 'client' }),
    )

    const lead = (await screen.findByText('Margaret Hamilton')).closest('li')!
    expect(within(lead).getByText('Lead')).toBeInTheDocument()
    expect(team()).toHaveTextContent('Ada Lovelace')
    expect(screen.queryByRole('button', { name: 'Edit Team' })).toBeNull()
  })

  test('Edit Team sets the lead and the members with one PUT, then shows the new team', async () => {
    const audit = anAudit({ lead: margaret, members: [], allowedActions: ['edit_team'] })
    const { user } = showTeam(audit)
    const puts: UpdateTeamInput[] = []
    server.use(
      answer(auditsApi.updateTeam, async ({ request }) => {
        const body = (await request.json()) as UpdateTeamInput
        puts.push(body)
        const changed = { ...audit, lead: ada, members: [linus, margaret] }
        server.use(answer(auditsApi.get, changed))
        return changed
      }),
    )

    await user.click(await screen.findByRole('button', { name: 'Edit Team' }))
    const dialog = screen.getByRole('dialog', { name: 'Edit Team' })
    expect(within(dialog).getByRole('combobox', { name: 'Lead' })).toHaveValue('Margaret Hamilton')
    await user.click(within(dialog).getByRole('combobox', { name: 'Lead' }))
    await user.click(await screen.findByRole('option', { name: 'Ada Lovelace' }))
    // The lead is not offered again as a member; the former lead now is.
    const members = within(dialog).getByRole('group', { name: 'Members' })
    expect(within(members).queryByRole('checkbox', { name: /Ada Lovelace/ })).toBeNull()
    await user.click(within(members).getByRole('checkbox', { name: /Linus Torvalds/ }))
    await user.click(within(members).getByRole('checkbox', { name: /Margaret Hamilton/ }))
    await user.click(within(dialog).getByRole('button', { name: 'Save Team' }))

    expect(await screen.findByText('Team updated')).toBeInTheDocument()
    expect(puts).toEqual([{ leadId: ada.id, memberIds: [linus.id, margaret.id] }])
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const lead = within(team()).getByText('Ada Lovelace').closest('li')!
    expect(within(lead).getByText('Lead')).toBeInTheDocument()
    expect(team()).toHaveTextContent('Linus Torvalds')
  })

  test('no lead is a choice too', async () => {
    const audit = anAudit({ lead: margaret, members: [ada], allowedActions: ['edit_team'] })
    const { user } = showTeam(audit)
    const puts: UpdateTeamInput[] = []
    server.use(
      answer(auditsApi.updateTeam, async ({ request }) => {
        puts.push((await request.json()) as UpdateTeamInput)
        return { ...audit, lead: null }
      }),
    )

    await user.click(await screen.findByRole('button', { name: 'Edit Team' }))
    const dialog = screen.getByRole('dialog', { name: 'Edit Team' })
    await user.click(within(dialog).getByRole('combobox', { name: 'Lead' }))
    await user.click(await screen.findByRole('option', { name: 'No lead' }))
    await user.click(within(dialog).getByRole('button', { name: 'Save Team' }))

    await screen.findByText('Team updated')
    expect(puts).toEqual([{ leadId: null, memberIds: [ada.id] }])
  })

  test('members are searched on the server a page at a time, and the chosen ones stay chosen', async () => {
    const audit = anAudit({ lead: null, members: [margaret], allowedActions: ['edit_team'] })
    const { user } = showTeam(audit)
    const grace = aTeamMember({ name: 'Grace Hopper' })
    const firm = [ada, grace, linus, margaret]
    const asked: (string | null)[] = []
    const puts: UpdateTeamInput[] = []
    server.use(
      answerPages(auditsApi.teamCandidates, (query) => {
        asked.push(query.get('q'))
        const q = query.get('q')?.toLowerCase()
        const matching = firm.filter((person) => !q || person.name.toLowerCase().includes(q))
        // Two a page: the first page says more follow.
        const start = Number(query.get('cursor') ?? 0)
        const next = start + 2 < matching.length ? String(start + 2) : undefined
        return { items: matching.slice(start, start + 2), next }
      }),
      answer(auditsApi.updateTeam, async ({ request }) => {
        puts.push((await request.json()) as UpdateTeamInput)
        return audit
      }),
    )

    await user.click(await screen.findByRole('button', { name: 'Edit Team' }))
    const dialog = screen.getByRole('dialog', { name: 'Edit Team' })
    const members = within(dialog).getByRole('group', { name: 'Members' })
    expect(members).toHaveAccessibleDescription('1 member chosen')
    // The chosen member first, then the first page of the firm's people.
    await within(members).findByRole('checkbox', { name: /Ada Lovelace/ })
    expect(within(members).getByRole('checkbox', { name: /Margaret Hamilton/ })).toBeChecked()
    await user.click(within(members).getByRole('button', { name: 'Load more' }))
    await within(members).findByRole('checkbox', { name: /Linus Torvalds/ })

    await user.type(within(members).getByRole('searchbox'), 'grace')
    await waitFor(() =>
      expect(within(members).queryByRole('checkbox', { name: /Ada Lovelace/ })).toBeNull(),
    )
    expect(asked).toContain('grace')
    const found = within(members).getByRole('checkbox', { name: /Grace Hopper/ })
    await user.click(found)
    await user.type(within(members).getByRole('searchbox'), 'nobody-here')
    expect(
      await within(members).findByText('No results for “gracenobody-here”'),
    ).toBeInTheDocument()
    await user.clear(within(members).getByRole('searchbox'))
    expect(await within(members).findByRole('checkbox', { name: /Grace Hopper/ })).toBeChecked()
    expect(members).toHaveAccessibleDescription('2 members chosen')

    await user.click(within(dialog).getByRole('button', { name: 'Save Team' }))
    await screen.findByText('Team updated')
    expect(puts).toEqual([{ leadId: null, memberIds: [margaret.id, grace.id] }])
  })

  test("the server's field error shows next to its field and the dialog stays open", async () => {
    const audit = anAudit({ lead: margaret, allowedActions: ['edit_team'] })
    const { user } = showTeam(audit)
    const message = 'The lead must be one of the firm’s people (an admin or staff)'
    server.use(
      answer(auditsApi.updateTeam, () =>
        refusal(400, { code: 'VALIDATION', message, errors: [{ path: 'leadId', message }] }),
      ),
    )

    await user.click(await screen.findByRole('button', { name: 'Edit Team' }))
    const dialog = screen.getByRole('dialog', { name: 'Edit Team' })
    await user.click(within(dialog).getByRole('button', { name: 'Save Team' }))

    const lead = within(dialog).getByRole('combobox', { name: 'Lead' })
    await waitFor(() => expect(lead).toHaveAttribute('aria-invalid', 'true'))
    expect(lead).toHaveAccessibleDescription(message)
    expect(screen.getByRole('dialog', { name: 'Edit Team' })).toBeInTheDocument()
  })
})

import { auditsApi } from '@shared/api/engagements'
import type { AuditDetail, UpdateTeamInput } from '@shared/schemas/audits'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { answer, refusal } from '@/test/api'
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
    expect(within(dialog).getByRole('combobox', { name: 'Lead' })).toHaveTextContent(
      'Margaret Hamilton',
    )
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

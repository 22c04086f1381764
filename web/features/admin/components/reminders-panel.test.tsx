import { organizationApi } from '@shared/api/administration'
import { remindersApi } from '@shared/api/reminders'
import type { UpdateOrganizationInput } from '@shared/schemas/organization'
import type { ReminderPolicyInput } from '@shared/schemas/reminders'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { answer, refusal } from '@/test/api'
import { aReminderPolicy, anOrganization } from '@/test/fixtures'
import { renderWithApp } from '@/test/render'
import { server } from '@/test/server'
import { RemindersPanel } from './reminders-panel'

/** Answers the policy and records each PUT (answering with what was put). */
function showPolicy(policy = aReminderPolicy()) {
  const puts: ReminderPolicyInput[] = []
  server.use(
    answer(remindersApi.getPolicy, policy),
    answer(remindersApi.putPolicy, async ({ request }) => {
      const body = (await request.json()) as ReminderPolicyInput
      puts.push(body)
      return aReminderPolicy({ ...body, timeZone: policy.timeZone } as never)
    }),
  )
  return { ...renderWithApp(<RemindersPanel />), puts }
}

const chips = (name: string) =>
  within(screen.getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((item) => item.textContent)

describe('the Reminders tab', () => {
  test('days added and removed, the hour and "never" escalate go out in one PUT', async () => {
    const { user, puts } = showPolicy()

    await screen.findByRole('list', { name: 'Days before the due date' })
    expect(chips('Days before the due date')).toEqual(['3 days', '1 day'])
    expect(chips('Days after the due date')).toEqual(['1 day', '3 days', '7 days'])
    expect(screen.getByRole('checkbox', { name: 'On the due date' })).toBeChecked()

    // Removing a day gives the keyboard to the chip now in its place.
    await user.click(screen.getByRole('button', { name: 'Remove 3 days before the due date' }))
    expect(screen.getByRole('button', { name: 'Remove 1 day before the due date' })).toHaveFocus()
    // Enter adds the day typed (it does not submit the form); the list stays farthest first.
    await user.type(
      screen.getByRole('spinbutton', { name: 'A day before the due date' }),
      '5{Enter}',
    )
    expect(chips('Days before the due date')).toEqual(['5 days', '1 day'])
    expect(puts).toEqual([])

    const after = screen.getByRole('spinbutton', { name: 'A day after the due date' })
    await user.type(after, '7')
    await user.click(screen.getByRole('button', { name: 'Add a day after the due date' }))
    expect(
      within(screen.getByRole('group', { name: 'Days after the due date' })).getByText(
        '7 days after the due date is already in the list',
      ),
    ).toBeInTheDocument()
    await user.clear(after)
    await user.type(after, '14')
    await user.click(screen.getByRole('button', { name: 'Add a day after the due date' }))
    expect(chips('Days after the due date')).toEqual(['1 day', '3 days', '7 days', '14 days'])

    await user.click(screen.getByRole('checkbox', { name: 'On the due date' }))
    await user.click(screen.getByRole('combobox', { name: 'Send at' }))
    await user.click(screen.getByRole('option', { name: '08:00' }))
    await user.click(screen.getByRole('checkbox', { name: 'Never' }))
    expect(screen.getByRole('spinbutton', { name: /Tell the audit’s lead after/ })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Save reminders' }))

    expect(await screen.findByText('Reminder settings saved')).toBeInTheDocument()
    expect(puts).toEqual([
      {
        enabled: true,
        daysBefore: [5, 1],
        onDueDate: false,
        daysAfter: [1, 3, 7, 14],
        sendHour: 8,
        escalateAfterDays: null,
      },
    ])
  })

  test('a new time zone is saved on the company first, then the policy; the hour says which zone', async () => {
    const { user, puts } = showPolicy()
    const patches: UpdateOrganizationInput[] = []
    server.use(
      answer(organizationApi.update, async ({ request }) => {
        const body = (await request.json()) as UpdateOrganizationInput
        patches.push(body)
        return anOrganization({ timeZone: body.timeZone })
      }),
    )

    const zone = await screen.findByRole('combobox', { name: 'Time zone' })
    expect(screen.getByText('The hour in the company’s time zone, UTC.')).toBeInTheDocument()
    await user.type(zone, 'berlin')
    await user.click(screen.getByRole('option', { name: /^Europe\/Berlin/ }))
    expect(
      screen.getByText('The hour in the company’s time zone, Europe/Berlin.'),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Save reminders' }))

    expect(await screen.findByText('Reminder settings saved')).toBeInTheDocument()
    expect(patches).toEqual([{ timeZone: 'Europe/Berlin' }])
    expect(puts).toHaveLength(1)
  })

  test("the server's field errors show next to their fields, and the input is kept", async () => {
    const { user } = showPolicy()
    const message = 'Days after the due date: from 1 to 365 days'
    server.use(
      answer(remindersApi.putPolicy, () =>
        refusal(400, { code: 'VALIDATION', message, errors: [{ path: 'daysAfter.2', message }] }),
      ),
    )

    await screen.findByRole('list', { name: 'Days before the due date' })
    await user.click(screen.getByRole('button', { name: 'Save reminders' }))

    const group = screen.getByRole('group', { name: 'Days after the due date' })
    expect(await within(group).findByText(message)).toBeInTheDocument()
    expect(await screen.findByText('Failed to save reminder settings')).toBeInTheDocument()
    expect(chips('Days after the due date')).toEqual(['1 day', '3 days', '7 days'])
  })

  test('an empty escalation asks for a number or Never before calling the server', async () => {
    const { user, puts } = showPolicy()

    const days = await screen.findByRole('spinbutton', { name: /Tell the audit’s lead after/ })
    expect(days).toHaveValue(14)
    await user.clear(days)
    await user.click(screen.getByRole('button', { name: 'Save reminders' }))

    expect(await screen.findByText('Enter a number of days, or choose Never')).toBeInTheDocument()
    await waitFor(() => expect(days).toHaveFocus())
    expect(puts).toEqual([])
  })
})

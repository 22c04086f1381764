import { singleSignOnApi } from '@shared/api/single-sign-on'
import type { SsoSettingsDto } from '@shared/schemas/single-sign-on'
import { screen, within } from '@testing-library/react'
import { expect, test } from 'vitest'
import { answer, refusal } from '@/test/api'
import { renderWithApp } from '@/test/render'
import { server } from '@/test/server'
import { SsoPanel } from './sso-panel'

const CALLBACK = 'https://app.example.com/api/auth/sso/callback'
const CONNECTION = {
  issuer: 'https://login.example.com',
  clientId: 'auditdesk',
  domains: ['example.com', 'example.org'],
  autoProvision: true,
  enforce: false,
  updatedAt: '2026-03-02T10:00:00.000Z',
}

test('a first set-up sends the fields, the domains split and trimmed, and the secret', async () => {
  const sent: unknown[] = []
  server.use(
    answer(singleSignOnApi.get, { callbackUrl: CALLBACK, connection: null }),
    answer(singleSignOnApi.save, async ({ request }) => {
      const body = (await request.json()) as { domains: string[] }
      sent.push(body)
      return {
        callbackUrl: CALLBACK,
        connection: { ...CONNECTION, ...body, updatedAt: '2026-03-03T10:00:00.000Z' },
      } as SsoSettingsDto
    }),
  )
  const { user } = renderWithApp(<SsoPanel />)

  expect(await screen.findByLabelText('Redirect URI')).toHaveValue(CALLBACK)
  expect(screen.queryByRole('link', { name: 'Test Sign-In' })).not.toBeInTheDocument()
  expect(screen.queryByRole('button', { name: 'Turn Off' })).not.toBeInTheDocument()

  await user.click(screen.getByRole('button', { name: 'Save' }))
  expect(await screen.findByText('Client secret is required')).toBeVisible()
  expect(sent).toHaveLength(0)

  await user.type(screen.getByLabelText('Issuer URL'), 'https://login.example.com')
  await user.type(screen.getByLabelText('Client ID'), 'auditdesk')
  expect(screen.getByLabelText('Client Secret')).toHaveAttribute('type', 'password')
  await user.type(screen.getByLabelText('Client Secret'), 's3cret')
  await user.type(screen.getByLabelText('Domains'), 'example.com, nope')
  await user.click(screen.getByRole('button', { name: 'Save' }))
  expect(await screen.findByText('nope: Enter a domain such as example.com')).toBeVisible()
  expect(sent).toHaveLength(0)
  await user.clear(screen.getByLabelText('Domains'))
  await user.type(screen.getByLabelText('Domains'), ' Example.com,example.org  ')
  await user.click(screen.getByRole('switch', { name: 'Require single sign-on' }))
  await user.click(screen.getByRole('button', { name: 'Save' }))

  expect((await screen.findAllByText('Single sign-on saved'))[0]).toBeVisible()
  expect(sent).toEqual([
    {
      issuer: 'https://login.example.com',
      clientId: 'auditdesk',
      clientSecret: 's3cret',
      domains: ['example.com', 'example.org'],
      autoProvision: false,
      enforce: true,
    },
  ])
  expect(await screen.findByRole('link', { name: 'Test Sign-In' })).toBeVisible()
  expect(screen.getByLabelText('Domains')).toHaveValue('example.com, example.org')
  expect(screen.getByLabelText('Client Secret')).toHaveValue('')
})

test('the server’s field errors show at their fields, a domain’s item at Domains', async () => {
  let reply = refusal(400, {
    code: 'VALIDATION',
    message: 'Validation failed',
    errors: [
      {
        path: 'issuer',
        message: 'The issuer’s discovery document could not be read: 404 Not Found',
      },
    ],
  })
  server.use(
    answer(singleSignOnApi.get, { callbackUrl: CALLBACK, connection: CONNECTION }),
    answer(singleSignOnApi.save, () => reply),
  )
  const { user } = renderWithApp(<SsoPanel />)

  const issuer = await screen.findByLabelText('Issuer URL')
  await user.click(screen.getByRole('button', { name: 'Save' }))
  expect(
    await screen.findByText('The issuer’s discovery document could not be read: 404 Not Found'),
  ).toBeVisible()
  expect(issuer).toHaveAttribute('aria-invalid', 'true')
  expect(issuer).toHaveAccessibleDescription(/could not be read: 404 Not Found/)

  reply = refusal(400, {
    code: 'VALIDATION',
    message: 'Validation failed',
    errors: [
      {
        path: 'domains.0',
        message: 'You can claim only the domain of your own verified email address (example.com).',
      },
    ],
  })
  await user.click(screen.getByRole('button', { name: 'Save' }))
  const domains = screen.getByLabelText('Domains')
  expect(await screen.findByText(/only the domain of your own verified/)).toBeVisible()
  expect(domains).toHaveAttribute('aria-invalid', 'true')
  expect(domains).toHaveAccessibleDescription(/only the domain of your own verified/)

  reply = refusal(409, {
    code: 'CONFLICT',
    message: 'One of these domains is already used by another firm’s single sign-on.',
  })
  await user.click(screen.getByRole('button', { name: 'Save' }))
  expect(domains).toHaveAccessibleDescription(/already used by another firm/)
})

test('a saved connection shows its values; an empty secret is kept (not sent)', async () => {
  const sent: unknown[] = []
  server.use(
    answer(singleSignOnApi.get, { callbackUrl: CALLBACK, connection: CONNECTION }),
    answer(singleSignOnApi.save, async ({ request }) => {
      sent.push(await request.json())
      return { callbackUrl: CALLBACK, connection: CONNECTION }
    }),
  )
  const { user } = renderWithApp(<SsoPanel />)

  expect(await screen.findByLabelText('Issuer URL')).toHaveValue(CONNECTION.issuer)
  expect(screen.getByLabelText('Redirect URI')).toHaveValue(CALLBACK)
  expect(screen.getByLabelText('Client ID')).toHaveValue('auditdesk')
  expect(screen.getByLabelText('Domains')).toHaveValue('example.com, example.org')
  expect(screen.getByLabelText('Client Secret')).toHaveValue('')
  expect(screen.getByLabelText('Client Secret')).toHaveAttribute(
    'placeholder',
    expect.stringMatching(/saved/i),
  )
  expect(screen.getByRole('switch', { name: 'Add new people automatically' })).toBeChecked()
  expect(screen.getByRole('switch', { name: 'Require single sign-on' })).not.toBeChecked()
  expect(screen.getByText(/For example\.com, example\.org/)).toBeVisible()
  expect(screen.getByRole('link', { name: 'Test Sign-In' })).toHaveAttribute(
    'href',
    '/api/auth/sso/start?email=margaret%40example.com',
  )

  await user.clear(screen.getByLabelText('Domains'))
  await user.type(screen.getByLabelText('Domains'), 'example.com')
  await user.click(screen.getByRole('button', { name: 'Save' }))
  expect((await screen.findAllByText('Single sign-on saved'))[0]).toBeVisible()
  expect(sent).toEqual([
    {
      issuer: CONNECTION.issuer,
      clientId: 'auditdesk',
      domains: ['example.com'],
      autoProvision: true,
      enforce: false,
    },
  ])
  expect(sent[0]).not.toHaveProperty('clientSecret')
})

test('Turn Off asks first, then removes the connection', async () => {
  let connection: SsoSettingsDto['connection'] = CONNECTION
  let removed = 0
  server.use(
    answer(singleSignOnApi.get, () => ({ callbackUrl: CALLBACK, connection })),
    answer(singleSignOnApi.remove, () => {
      removed += 1
      connection = null
      return undefined
    }),
  )
  const { user } = renderWithApp(<SsoPanel />)

  await user.click(await screen.findByRole('button', { name: 'Turn Off' }))
  const dialog = await screen.findByRole('alertdialog', { name: 'Turn off single sign-on?' })
  expect(removed).toBe(0)
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
  expect(removed).toBe(0)

  await user.click(screen.getByRole('button', { name: 'Turn Off' }))
  await user.click(
    within(await screen.findByRole('alertdialog')).getByRole('button', {
      name: 'Turn Off Single Sign-On',
    }),
  )
  expect((await screen.findAllByText('Single sign-on turned off'))[0]).toBeVisible()
  expect(removed).toBe(1)
  expect(screen.queryByRole('button', { name: 'Turn Off' })).not.toBeInTheDocument()
  expect(screen.getByLabelText('Issuer URL')).toHaveValue('')
  expect(screen.getByText('Not Set Up')).toBeVisible()
})

import { authApi } from '@shared/api/auth'
import { mfaApi } from '@shared/api/mfa'
import { passkeysApi } from '@shared/api/passkeys'
import { myWorkApi } from '@shared/api/my-work'
import { singleSignOnApi } from '@shared/api/single-sign-on'
import type { MyWork } from '@shared/schemas/my-work'
import { act, screen, waitFor } from '@testing-library/react'
import type { CurrentUser } from '@shared/schemas/auth'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { hasBeenHereBefore } from '@/lib/sign-in-history'
import { showCarriedToast } from '@/lib/toast'
import { answer, refusal } from '@/test/api'
import { aUser } from '@/test/fixtures'
import { renderWithApp } from '@/test/render'
import { server } from '@/test/server'
import { LoginPage } from './login-page'

const ada = aUser({ firstName: 'Ada', email: 'ada@example.com' })
const grace = aUser({ firstName: 'Grace', email: 'grace@example.com' })

beforeEach(() => {
  window.localStorage.clear()
  window.sessionStorage.clear()
  server.use(answer(singleSignOnApi.lookup, { sso: false, enforced: false }))
})

afterEach(() => {
  vi.restoreAllMocks()
})

const noWork: MyWork = {
  today: '2026-11-20',
  reviews: { total: 0, items: [] },
  overdue: { total: 0, clients: [] },
  dueThisWeek: { total: 0, items: [] },
}

/** Signs `who` in through the form; answers the toast the page it opens shows. */
async function signIn(who: typeof ada) {
  server.use(answer(authApi.login, { user: who }), answer(myWorkApi.get, noWork))
  const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {})
  const { user, unmount } = renderWithApp(<LoginPage />, { route: '/login', path: '/login' })
  await user.type(screen.getByLabelText('Email'), who.email)
  await user.type(screen.getByLabelText('Password'), 'a-long-password')
  await user.click(screen.getByRole('button', { name: 'Sign in' }))
  await waitFor(() => expect(assign).toHaveBeenCalledWith('/dashboard'))
  // The full navigation's next page shows the carried toast.
  act(() => showCarriedToast())
  const toast = (await screen.findByText('Login successful')).closest('li')
  const text = toast?.textContent
  unmount()
  vi.restoreAllMocks()
  return text
}

test('the first sign-in with this browser is welcomed, not welcomed back; the next one is', async () => {
  const first = await signIn(ada)
  expect(first).toContain('Login successful')
  expect(first).toContain('Welcome to AuditDesk!')
  expect(first).not.toContain('Welcome back')
  // The dashboard of this first visit greets them as new too.
  expect(hasBeenHereBefore(ada.id)).toBe(false)

  window.sessionStorage.clear() // a later visit
  expect(hasBeenHereBefore(ada.id)).toBe(true)
  expect(await signIn(ada)).toContain('Welcome back!')
  expect(hasBeenHereBefore(ada.id)).toBe(true)
})

test('someone else having signed in with this browser does not make a newcomer "back"', async () => {
  await signIn(grace)
  window.sessionStorage.clear()

  expect(await signIn(ada)).toContain('Welcome to AuditDesk!')
  expect(hasBeenHereBefore(ada.id)).toBe(false)
  expect(hasBeenHereBefore(grace.id)).toBe(true)
})

test('without storage everyone is welcomed with the neutral words', async () => {
  for (const method of ['getItem', 'setItem', 'removeItem'] as const)
    vi.spyOn(Storage.prototype, method).mockImplementation(() => {
      throw new Error('Storage is disabled')
    })
  expect(hasBeenHereBefore(ada.id)).toBe(false)
  expect(await signIn(ada)).toContain('Welcome to AuditDesk!')
})

describe('where signing in lands', () => {
  /** Signs `who` in from `route`; answers where the page went and whether My work was read. */
  async function landing(who: CurrentUser, route: string, work: MyWork | 'fails' = noWork) {
    let read = false
    server.use(
      answer(authApi.login, { user: who }),
      answer(myWorkApi.get, () => {
        read = true
        return work === 'fails'
          ? refusal(500, { message: 'Internal error', code: 'INTERNAL' })
          : work
      }),
    )
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {})
    const { user, unmount } = renderWithApp(<LoginPage />, { route, path: '/login' })
    await user.type(screen.getByLabelText('Email'), who.email)
    await user.type(screen.getByLabelText('Password'), 'a-long-password')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    await waitFor(() => expect(assign).toHaveBeenCalled())
    const target = assign.mock.calls[0]![0]
    unmount()
    vi.restoreAllMocks()
    return { target, read }
  }

  const withReview: MyWork = { ...noWork, reviews: { total: 1, items: [] } }

  test('one of the firm’s people with work waiting lands on My work; without, on the dashboard', async () => {
    expect(await landing(aUser({ role: 'staff' }), '/login', withReview)).toEqual({
      target: '/my-work',
      read: true,
    })
    expect(await landing(aUser({ role: 'admin' }), '/login')).toEqual({
      target: '/dashboard',
      read: true,
    })
    // My work unreadable just now: the dashboard, as before.
    expect(await landing(aUser({ role: 'staff' }), '/login', 'fails')).toEqual({
      target: '/dashboard',
      read: true,
    })
  })

  test('the page that asked for the sign-in comes first; a client user is not asked about My work', async () => {
    expect(
      await landing(aUser({ role: 'staff' }), '/login?redirect=%2Fclients', withReview),
    ).toEqual({ target: '/clients', read: false })
    // An address off the site is no address: the usual landing.
    expect(
      await landing(aUser({ role: 'staff' }), '/login?redirect=%2F%2Fevil.example', withReview),
    ).toEqual({ target: '/my-work', read: true })
    expect(await landing(aUser({ role: 'client' }), '/login')).toEqual({
      target: '/dashboard',
      read: false,
    })
  })
})

describe('an account with two-factor sign-in', () => {
  const codeRefused =
    'This code is not valid. Check the time on your phone and try the newest code.'

  function withSecondStep(
    check: (body: Record<string, string>) => Response | { user: CurrentUser },
  ) {
    const bodies: Array<Record<string, string>> = []
    server.use(
      answer(authApi.login, { mfaRequired: true, methods: ['totp', 'recovery'] }),
      answer(mfaApi.verify, async ({ request }) => {
        const body = (await request.json()) as Record<string, string>
        bodies.push(body)
        return check(body)
      }),
      answer(myWorkApi.get, noWork),
    )
    return bodies
  }

  async function passwordStep() {
    const rendered = renderWithApp(<LoginPage />, { route: '/login', path: '/login' })
    await rendered.user.type(screen.getByLabelText('Email'), ada.email)
    await rendered.user.type(screen.getByLabelText('Password'), 'a-long-password')
    await rendered.user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Two-factor sign-in' }),
    ).toBeVisible()
    // The step's own code loads when it is needed.
    expect(await screen.findByLabelText('Authentication code')).toHaveFocus()
    return rendered
  }

  test('the code from the app completes the sign-in; a wrong one is said at the field', async () => {
    const bodies = withSecondStep((body) =>
      body.code === '123456'
        ? { user: ada }
        : refusal(400, {
            code: 'VALIDATION',
            message: codeRefused,
            errors: [{ path: 'code', message: codeRefused }],
          }),
    )
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {})
    const { user } = await passwordStep()

    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(
      await screen.findByText('Enter the 6-digit code from your authenticator app'),
    ).toBeVisible()
    expect(bodies).toHaveLength(0)

    await user.type(screen.getByLabelText('Authentication code'), '654321')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByText(codeRefused)).toBeVisible()

    await user.clear(screen.getByLabelText('Authentication code'))
    await user.type(screen.getByLabelText('Authentication code'), '123 456')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/dashboard'))
    expect(bodies).toEqual([{ code: '654321' }, { code: '123456' }])
  })

  test('a recovery code works instead; Back to sign in returns to the password form', async () => {
    const bodies = withSecondStep(() => ({ user: ada }))
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {})
    const { user } = await passwordStep()

    await user.click(screen.getByRole('button', { name: 'Back to sign in' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
    expect(screen.getByLabelText('Email')).toHaveValue(ada.email)
    expect(screen.getByLabelText('Password')).toHaveValue('')

    await user.type(screen.getByLabelText('Password'), 'a-long-password')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }))
    await user.type(screen.getByLabelText('Recovery code'), 'k7m2p-9xq4r')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/dashboard'))
    expect(bodies).toEqual([{ recoveryCode: 'k7m2p-9xq4r' }])
  })

  test('an expired pending sign-in goes back to the password form and says why', async () => {
    withSecondStep(() =>
      refusal(401, {
        code: 'UNAUTHENTICATED',
        message: 'Your sign-in has expired. Please enter your email and password again.',
      }),
    )
    const { user } = await passwordStep()
    await user.type(screen.getByLabelText('Authentication code'), '123456')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
    expect(await screen.findByText(/Your sign-in has expired/)).toBeVisible()
  })
})

describe('single sign-on', () => {
  test('an address at a claimed domain is offered "Continue with SSO", to its firm’s provider', async () => {
    const asked: string[] = []
    server.use(
      answer(singleSignOnApi.lookup, ({ request }) => {
        const email = new URL(request.url).searchParams.get('email') ?? ''
        asked.push(email)
        return email.endsWith('@firm.example')
          ? { sso: true, enforced: true }
          : { sso: false, enforced: false }
      }),
    )
    const { user } = renderWithApp(<LoginPage />, { route: '/login', path: '/login' })
    await user.type(screen.getByLabelText('Email'), 'sam@other.example')
    await waitFor(() => expect(asked).toHaveLength(1))
    expect(screen.queryByRole('link', { name: 'Continue with SSO' })).toBeNull()

    await user.clear(screen.getByLabelText('Email'))
    await user.type(screen.getByLabelText('Email'), 'Sam@Firm.example')
    const link = await screen.findByRole('link', { name: 'Continue with SSO' })
    expect(link).toHaveAttribute('href', '/api/auth/sso/start?email=Sam%40Firm.example')
    expect(screen.getByText('Your firm signs you in through its identity provider.')).toBeVisible()
    // Asked by domain, once the typing paused: not once per key.
    expect(asked.length).toBeLessThanOrEqual(3)
  })

  test('a refused single sign-on says why; a password refused for SSO says so', async () => {
    server.use(
      answer(authApi.login, () =>
        refusal(403, {
          code: 'SSO_REQUIRED',
          message: 'Your firm signs you in through its identity provider.',
        }),
      ),
    )
    const { user } = renderWithApp(<LoginPage />, {
      route: '/login?sso=no_account',
      path: '/login',
    })
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There is no account for this email address. Ask your firm’s admin to invite you.',
    )
    await user.type(screen.getByLabelText('Email'), 'sam@firm.example')
    await user.type(screen.getByLabelText('Password'), 'a-long-password')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByText('Single sign-on required')).toBeVisible()
  })
})

/**
 * The browser's WebAuthn as it behaves: the autofill's request (conditional mediation) waits for
 * a pick, the prompt is answered after a touch, and a request ends when its signal aborts, which
 * the library does to the one waiting whenever it starts another.
 */
function fakeWebAuthn() {
  const started: string[] = []
  const bytes = (text: string) => new TextEncoder().encode(text).buffer
  const assertion = {
    id: 'cred',
    rawId: bytes('cred'),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    response: {
      clientDataJSON: bytes('{}'),
      authenticatorData: bytes('data'),
      signature: bytes('signature'),
      userHandle: bytes('user'),
    },
    getClientExtensionResults: () => ({}),
  }
  vi.stubGlobal(
    'PublicKeyCredential',
    Object.assign(function PublicKeyCredential() {}, {
      isConditionalMediationAvailable: async () => true,
    }),
  )
  vi.spyOn(navigator, 'credentials', 'get').mockReturnValue({
    get: (options?: CredentialRequestOptions) => {
      const kind = options?.mediation === 'conditional' ? 'autofill' : 'prompt'
      started.push(kind)
      return new Promise((resolve, reject) => {
        const abort = () => reject(new DOMException('The operation was aborted.', 'AbortError'))
        if (options?.signal?.aborted) return abort()
        options?.signal?.addEventListener('abort', abort)
        if (kind === 'prompt') setTimeout(() => resolve(assertion as never), 80)
      })
    },
  } as unknown as CredentialsContainer)
  return { started }
}

describe('a passkey', () => {
  afterEach(() => vi.unstubAllGlobals())

  test('the button’s prompt signs in, though its click first offered the passkey in the autofill', async () => {
    const webauthn = fakeWebAuthn()
    let optionsAsked = 0
    server.use(
      // The autofill's options come back after the button's: a slower answer.
      answer(passkeysApi.signInOptions, async () => {
        if (optionsAsked++ === 0) await new Promise((resolve) => setTimeout(resolve, 40))
        return { challenge: 'Y2hhbGxlbmdl', allowCredentials: [], userVerification: 'required' }
      }),
      answer(passkeysApi.signIn, { user: ada }),
      answer(myWorkApi.get, noWork),
    )
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {})
    const { user } = renderWithApp(<LoginPage />, { route: '/login', path: '/login' })
    await user.click(screen.getByRole('button', { name: 'Continue with a passkey' }))
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/dashboard'))
    // The autofill's request never started: it would have ended the prompt's.
    expect(webauthn.started).toEqual(['prompt'])
  })
})

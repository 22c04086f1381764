import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Access } from '@shared/access'
import type { Role } from '@shared/schemas/auth'
import {
  createProject,
  ROLE_PERMISSIONS,
  signedInClientUser,
  signedInStaff,
} from '../test/factories'
import { createTestApp, signedInAdmin, type TestApp } from '../test/harness'
import { routesOf, type RouteUnderTest } from '../test/routes'

/**
 * The role matrix, generated from the routes the app registered (its onRoute table): every API
 * route, for every role and for a caller without a session, answers 401 or 403 exactly when its
 * declared access says so, and anything else (404 for the missing ids it is called with, 400 for
 * the missing body, 200…) when it lets the caller in. A route added without an access rule stops
 * the app from starting, so it cannot escape this table.
 */

let t: TestApp
const cookies = {} as Record<Role, string>

beforeAll(async () => {
  t = await createTestApp()
  const admin = await signedInAdmin(t)
  const orgId = admin.user.company.id
  const project = await createProject(t, admin.cookie)
  cookies.admin = admin.cookie
  cookies.staff = (await signedInStaff(t, orgId)).cookie
  cookies.client = (await signedInClientUser(t, orgId, project.clientId)).cookie
})
afterAll(async () => t?.close())

/** The API's routes, each once (HEAD answers as its GET), signing out last. */
function apiRoutes() {
  const routes = routesOf(t.app).filter(
    (route) => route.config.access !== undefined && route.method !== 'HEAD',
  )
  const isLogout = (route: RouteUnderTest) => route.url === '/api/auth/logout'
  return [...routes.filter((route) => !isLogout(route)), ...routes.filter(isLogout)]
}

const access = (route: RouteUnderTest) => route.config.access as Access

function allows(role: Role | undefined, rule: Access) {
  if (rule === 'public') return true
  if (!role) return false
  return rule === 'signed-in' || (ROLE_PERMISSIONS[role] as readonly string[]).includes(rule)
}

/** Called with the ids filled in as a missing one and no body: what matters is 401/403 or not. */
async function statusFor(route: RouteUnderTest, role: Role | undefined) {
  const res = await t.request(route.method as 'GET', route.url, {
    cookie: role ? cookies[role] : undefined,
  })
  return res.statusCode
}

describe('every API route, every role', () => {
  it('the table covers the whole API, and every route declares its access', () => {
    const routes = apiRoutes()
    expect(routes.length).toBeGreaterThan(60)
    for (const route of routes)
      expect(['public', 'signed-in', ...ROLE_PERMISSIONS.admin, 'requests.answer']).toContain(
        access(route),
      )
  })

  for (const role of [undefined, 'admin', 'staff', 'client'] as const)
    it(`${role ?? 'without a session'}: refused exactly where the route’s access says`, async () => {
      const answers: string[] = []
      const expected: string[] = []
      for (const route of apiRoutes()) {
        const status = await statusFor(route, role)
        const label = `${route.method} ${route.url} (${access(route)})`
        answers.push(`${label}: ${status === 401 || status === 403 ? status : 'let in'}`)
        expected.push(`${label}: ${allows(role, access(route)) ? 'let in' : role ? 403 : 401}`)
      }
      expect(answers).toEqual(expected)
    })
})

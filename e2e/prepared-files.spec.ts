import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import {
  animationsFinished,
  expect,
  expectNoSeriousA11yViolations,
  loaded,
  seedRequests,
  signIn,
  test,
  toasts,
  workspaceApi,
} from './fixtures'

const bell = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: /^Notifications/ })
const panel = (page: Page) => page.getByRole('dialog', { name: 'Notifications' })
const prepareMenu = (page: Page) => page.getByRole('button', { name: 'Prepare in background' })

/** An audit of the signed-in admin's, with a few draft requests. */
async function anAudit(page: Page, baseURL: string) {
  const seed = workspaceApi(page, baseURL)
  const client = await seed.client({ name: 'Contoso Ltd' })
  const project = await seed.project({ name: 'FY2026', clientId: client.id })
  const audit = await seed.audit({ name: 'Year-end audit', projectId: project.id })
  await seedRequests(page, baseURL, audit.id, ['Bank letters', 'Payroll', 'Fixed assets'])
  return audit
}

test('an admin has the request tracker prepared, is told when it is ready, and downloads it from the bell', async ({
  page,
  baseURL,
  account,
}) => {
  await signIn(page, baseURL!, account)
  const audit = await anAudit(page, baseURL!)

  await page.goto(`/audits/${audit.id}`)
  await loaded(page)
  await expect(bell(page)).toHaveAccessibleName('Notifications')

  // A small audit: the direct downloads first, preparing after them.
  await expect(page.getByRole('link', { name: 'Export Excel' })).toBeVisible()
  await prepareMenu(page).click()
  const menu = page.getByRole('menu')
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Prepare Excel file and notify me',
    'Prepare CSV file and notify me',
    'Prepare status report (PDF) and notify me',
    'Prepare accepted files (ZIP) and notify me',
  ])
  await animationsFinished(page)
  await expectNoSeriousA11yViolations(page, { sameOriginOnly: true })

  const asked = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      new URL(response.url()).pathname === '/api/prepared-files',
  )
  await menu.getByRole('menuitem', { name: 'Prepare Excel file and notify me' }).click()
  const response = await asked
  expect(response.status()).toBe(201)
  const prepared = (await response.json()) as { id: string; kind: string; status: string }
  expect(prepared).toMatchObject({ kind: 'audit.xlsx', status: 'pending' })
  await expect(toasts(page)).toContainText(
    'We’ll notify you when “Request tracker (Excel)” is ready.',
  )
  await expect(toasts(page)).toContainText('It can be downloaded for 24 hours.')
  await expect(menu).toBeHidden()
  await expect(prepareMenu(page)).toBeFocused()

  // The server's job makes it; the bell hears of it without a reload (live updates).
  await expect
    .poll(
      async () => {
        const state = await page.request.get(`/api/prepared-files/${prepared.id}`)
        return ((await state.json()) as { status: string }).status
      },
      { timeout: 60_000, message: 'the file is prepared' },
    )
    .toBe('ready')
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread', { timeout: 15_000 })

  await bell(page).click()
  const link = panel(page).getByRole('link', { name: /Request tracker \(Excel\) is ready/ })
  await expect(link).toHaveAttribute('href', `/api/prepared-files/${prepared.id}/download`)
  await expect(link).toHaveAttribute('download', '')
  await animationsFinished(page)
  await expectNoSeriousA11yViolations(page, { sameOriginOnly: true })

  // A plain download from the keyboard: the app stays on the audit, the notification is read.
  const downloading = page.waitForEvent('download')
  await link.focus()
  await page.keyboard.press('Enter')
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/)
  // A workbook is a ZIP archive.
  expect((await readFile(await download.path())).subarray(0, 2).toString()).toBe('PK')
  await expect(page).toHaveURL(new RegExp(`/audits/${audit.id}$`))
  await expect(panel(page)).toBeHidden()
  await expect(bell(page)).toHaveAccessibleName('Notifications')

  // The link answers with the file for as long as it is kept.
  const again = await page.request.get(`/api/prepared-files/${prepared.id}/download`)
  expect(again.status()).toBe(200)
  expect(again.headers()['content-type']).toContain('spreadsheetml')
})

test.describe('on a phone (390×844), dark', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the menu of files to prepare fits the screen and reads in the dark theme', async ({
    page,
    baseURL,
    account,
  }) => {
    await signIn(page, baseURL!, account)
    const audit = await anAudit(page, baseURL!)
    await page.goto(`/audits/${audit.id}`)
    await loaded(page)
    await page.getByRole('banner').getByRole('button', { name: 'Toggle theme' }).click()
    await expect(page.locator('html')).toHaveClass(/dark/)

    await prepareMenu(page).click()
    const menu = page.getByRole('menu')
    await expect(menu.getByRole('menuitem')).toHaveCount(4)
    await animationsFinished(page)
    const box = (await menu.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(390)
    await expect
      .poll(() =>
        page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      )
      .toBeLessThanOrEqual(0)
    await expectNoSeriousA11yViolations(page, { sameOriginOnly: true })
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
    await expect(prepareMenu(page)).toBeFocused()
  })
})

import type { Page } from '@playwright/test'
import {
  expect,
  expectNoSeriousA11yViolations,
  loaded,
  signIn,
  test,
  toasts,
  workspaceApi,
} from './fixtures'

const checklist = (page: Page) =>
  page.getByRole('list', { name: 'Checklist items' }).getByRole('listitem')

/** What dnd-kit reads out to screen readers (its live region). */
const announcement = (page: Page) => page.locator('[id^="DndLiveRegion"]')

/**
 * Space on the focused handle, then the pick-up's announcement and one turn of the page's timers:
 * dnd-kit starts listening for the keys that move the item in a timer after the pick-up, so a key
 * pressed at once (no person is that quick; a test is) would be lost.
 */
async function pickUp(page: Page, announced: string) {
  await page.keyboard.press('Space')
  await expect(announcement(page)).toHaveText(announced)
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)))
}

/** The answer of the next move call. */
const moveAnswered = (page: Page) =>
  page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      /\/api\/template-items\/[^/]+\/move$/.test(response.url()),
  )

test('checklist items move from the keyboard and by dragging, and several are added by pasting', async ({
  page,
  context,
  baseURL,
  account,
}) => {
  await signIn(page, baseURL!, account)
  const seed = workspaceApi(page, baseURL!)
  const template = await seed.template({ name: 'Year-end close' })
  for (const title of ['Alpha', 'Bravo', 'Charlie'])
    await seed.templateItem({ templateId: template.id, title })
  await page.goto(`/templates/${template.id}`)
  await loaded(page)
  const items = checklist(page)
  await expect(items).toHaveText([/^1\s*Alpha/, /^2\s*Bravo/, /^3\s*Charlie/])

  await test.step('from the keyboard: Space on the handle, Down, Space', async () => {
    const handle = page.getByRole('button', { name: 'Reorder Alpha' })
    await expect(handle).toHaveAccessibleDescription(/press Space or Enter to pick it up/)
    await handle.focus()
    await pickUp(page, 'Picked up Alpha, at position 1 of 3.')
    await page.keyboard.press('ArrowDown')
    await expect(announcement(page)).toHaveText('Alpha moved to position 2 of 3.')
    const answered = moveAnswered(page)
    await page.keyboard.press('Space')
    await expect(announcement(page)).toHaveText('Alpha dropped at position 2 of 3.')
    await expect(items).toHaveText([/^1\s*Bravo/, /^2\s*Alpha/, /^3\s*Charlie/])
    expect((await answered).status()).toBe(200)
    // The keyboard stays on the moved item's handle.
    await expect(handle).toBeFocused()
  })

  await test.step('Escape puts a picked-up item back', async () => {
    await page.getByRole('button', { name: 'Reorder Charlie' }).focus()
    await pickUp(page, 'Picked up Charlie, at position 3 of 3.')
    await page.keyboard.press('ArrowUp')
    await expect(announcement(page)).toHaveText('Charlie moved to position 2 of 3.')
    await page.keyboard.press('Escape')
    await expect(announcement(page)).toHaveText(
      'Reordering cancelled. Charlie is back at position 3 of 3.',
    )
    await expect(items).toHaveText([/^1\s*Bravo/, /^2\s*Alpha/, /^3\s*Charlie/])
  })

  await test.step('the new order is the server’s: it stays after a reload', async () => {
    await page.reload()
    await loaded(page)
    await expect(items).toHaveText([/^1\s*Bravo/, /^2\s*Alpha/, /^3\s*Charlie/])
  })

  await test.step('dragging a handle with the mouse', async () => {
    const from = await page.getByRole('button', { name: 'Reorder Charlie' }).boundingBox()
    const to = await page.getByRole('button', { name: 'Reorder Bravo' }).boundingBox()
    const answered = moveAnswered(page)
    await page.mouse.move(from!.x + from!.width / 2, from!.y + from!.height / 2)
    await page.mouse.down()
    await page.mouse.move(from!.x + from!.width / 2, to!.y + to!.height / 2 - 10, { steps: 12 })
    await page.mouse.up()
    await expect(items).toHaveText([/^1\s*Charlie/, /^2\s*Bravo/, /^3\s*Alpha/])
    expect((await answered).status()).toBe(200)
    await page.reload()
    await loaded(page)
    await expect(items).toHaveText([/^1\s*Charlie/, /^2\s*Bravo/, /^3\s*Alpha/])
  })

  await test.step('pasting three lines adds three items after the others', async () => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.getByRole('button', { name: 'Add Item' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add Item' })
    const title = dialog.getByRole('textbox', { name: 'Title' })
    await title.click()
    await page.evaluate(() =>
      navigator.clipboard.writeText('Bank statements\n\nSigned engagement letter\nBoard minutes\n'),
    )
    await page.keyboard.press('ControlOrMeta+V')
    await expect(dialog.getByRole('status')).toHaveText('3 items will be added')
    await expect(dialog.getByRole('spinbutton', { name: 'Order' })).toHaveCount(0)
    await expectNoSeriousA11yViolations(page, { sameOriginOnly: true })
    await dialog.getByRole('button', { name: 'Add 3 Items' }).click()
    await expect(dialog).toBeHidden()
    await expect(toasts(page)).toContainText('3 items added successfully')
    const expected = [
      /^1\s*Charlie/,
      /^2\s*Bravo/,
      /^3\s*Alpha/,
      /^4\s*Bank statements/,
      /^5\s*Signed engagement letter/,
      /^6\s*Board minutes/,
    ]
    await expect(items).toHaveText(expected)
    await expect(page.getByRole('button', { name: 'Reorder Board minutes' })).toBeVisible()
    await page.reload()
    await loaded(page)
    await expect(items).toHaveText(expected)
    await expectNoSeriousA11yViolations(page, { sameOriginOnly: true })
  })
})

import type { Page } from '@playwright/test'
import { APP_NAME, SUPPORT_EMAIL } from '../web/lib/site'
import { animationsFinished, expect, expectNoSeriousA11yViolations, test } from './fixtures'

const sectionHeadings = [
  'Trusted by independent audit and assurance firms',
  'Everything an engagement needs',
  'How Harrow & Lyle moved busy season out of spreadsheets',
  'Built for the audits your clients need',
  'Onboarding led by people who have done fieldwork',
  'Notes for audit teams',
  `Run your next audit in ${APP_NAME}`,
]

const featureAreas = [
  ['Case management', 'Every client, engagement and audit in one structure'],
  ['Automated workflows', 'Checklists that set up the work before fieldwork starts'],
  ['Reporting and analytics', 'See what is outstanding before it is late'],
  ['Document management', 'Evidence filed against the request it answers'],
  ['Team collaboration', 'Preparers, reviewers and partners on the same file'],
  ['Client communications', 'A client portal that needs no training'],
] as const

const industries = [
  'Financial services',
  'Healthcare',
  'Technology',
  'Legal services',
  'Real estate',
  'Insurance',
  'Education',
  'Manufacturing',
]

async function openLanding(page: Page) {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
}

/** The page's headings in document order, as [level, text]. */
function headingOutline(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')]
      .filter((element) => (element as HTMLElement).offsetParent !== null)
      .map((element) => [Number(element.tagName[1]), element.textContent?.trim() ?? ''] as const),
  )
}

const viewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
]

for (const viewport of viewports) {
  test.describe(`landing page on a ${viewport.name} (${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } })

    test('shows every section under one h1, with h2 per section and h3 inside', async ({
      page,
    }) => {
      await openLanding(page)
      await expect(page).toHaveTitle(APP_NAME)
      await expect(page.getByRole('main')).toBeVisible()
      await expect(page.getByRole('banner')).toBeVisible()
      await expect(page.getByRole('contentinfo')).toBeVisible()

      for (const name of sectionHeadings) {
        const heading = page.getByRole('heading', { level: 2, name, exact: true })
        await heading.scrollIntoViewIfNeeded()
        await expect(heading).toBeVisible()
      }
      for (const name of industries)
        await expect(page.getByRole('heading', { level: 3, name, exact: true })).toBeVisible()
      await expect(
        page.getByRole('region', { name: 'Notes for audit teams' }).getByRole('article'),
      ).toHaveCount(3)
      await expect(page.getByText('Dana Whitfield')).toBeVisible()

      const outline = await headingOutline(page)
      expect(outline.filter(([level]) => level === 1)).toHaveLength(1)
      expect(outline[0]![0]).toBe(1)
      expect(outline.filter(([level]) => level === 2).map(([, text]) => text)).toEqual(
        sectionHeadings,
      )
      // No level is skipped on the way down.
      outline.forEach(([level], index) => {
        if (index > 0) expect(level).toBeLessThanOrEqual(outline[index - 1]![0] + 1)
      })
    })

    test('every link goes somewhere real; Start free trial and Login open their pages', async ({
      page,
    }) => {
      await openLanding(page)
      const hrefs = await page
        .locator('a[href]')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')!))
      expect(hrefs.length).toBeGreaterThan(10)
      for (const href of hrefs) {
        if (href.startsWith('#')) {
          // In-page anchors point at an element of the page.
          await expect(page.locator(href), href).toHaveCount(1)
        } else if (href.startsWith('mailto:')) {
          expect(href.startsWith(`mailto:${SUPPORT_EMAIL}`), href).toBe(true)
        } else {
          expect(['/', '/login', '/register'], href).toContain(href)
        }
      }

      const header = page.getByRole('banner')
      await expect(header.getByRole('link', { name: 'Support' })).toHaveAttribute(
        'href',
        `mailto:${SUPPORT_EMAIL}`,
      )
      await expect(header.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login')
      const footer = page.getByRole('contentinfo')
      await expect(footer.getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute(
        'href',
        `mailto:${SUPPORT_EMAIL}`,
      )
      await expect(footer.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login')
      await expect(footer.getByRole('link', { name: 'Features' })).toHaveAttribute(
        'href',
        '#features',
      )
      const trials = page.getByRole('link', { name: 'Start free trial' })
      for (const link of await trials.all()) await expect(link).toHaveAttribute('href', '/register')

      // An in-page link scrolls to its section.
      await footer.getByRole('link', { name: 'Industries' }).click()
      await expect(page).toHaveURL('/#industries')
      await expect(
        page.getByRole('heading', { level: 2, name: 'Built for the audits your clients need' }),
      ).toBeInViewport()

      await openLanding(page)
      await page.getByRole('main').getByRole('link', { name: 'Start free trial' }).first().click()
      await expect(page).toHaveURL('/register')
      await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible()

      await page.goBack()
      await page.getByRole('banner').getByRole('link', { name: 'Login' }).click()
      await expect(page).toHaveURL('/login')
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
    })

    test('Schedule a demo opens a dialog with the contact address; Escape and Close shut it', async ({
      page,
    }) => {
      await openLanding(page)
      const trigger = page
        .getByRole('main')
        .getByRole('button', { name: 'Schedule a demo' })
        .first()
      const dialog = page.getByRole('dialog', { name: 'Schedule a demo' })

      await trigger.click()
      await expect(dialog).toBeVisible()
      const address = dialog.getByRole('link', { name: SUPPORT_EMAIL })
      await expect(address).toBeVisible()
      await expect(address).toHaveAttribute('href', new RegExp(`^mailto:${SUPPORT_EMAIL}\\?`))
      await expect(dialog.getByRole('form')).toHaveCount(0)
      await expect(dialog.getByRole('textbox')).toHaveCount(0)
      await animationsFinished(page)
      await expectNoSeriousA11yViolations(page)

      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()
      await expect(trigger).toBeFocused()

      await trigger.click()
      await expect(dialog).toBeVisible()
      await dialog.getByRole('button', { name: 'Close' }).click()
      await expect(dialog).toBeHidden()
      await expect(trigger).toBeFocused()

      // The closing call to action has its own trigger; focus goes back to that one.
      const closingTrigger = page
        .getByRole('region', { name: `Run your next audit in ${APP_NAME}` })
        .getByRole('button', { name: 'Schedule a demo' })
      await closingTrigger.click()
      await expect(dialog).toBeVisible()
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()
      await expect(closingTrigger).toBeFocused()
    })

    test('the feature tabs switch with a click and with the arrow keys', async ({ page }) => {
      await openLanding(page)
      const tablist = page.getByRole('tablist', { name: 'Feature areas' })
      const panel = page.getByRole('tabpanel')
      await expect(tablist.getByRole('tab')).toHaveCount(featureAreas.length)
      await expect(tablist.getByRole('tab', { name: 'Case management' })).toHaveAttribute(
        'aria-selected',
        'true',
      )

      for (const [area, title] of featureAreas) {
        const tab = tablist.getByRole('tab', { name: area, exact: true })
        await tab.click()
        await expect(tab).toHaveAttribute('aria-selected', 'true')
        await expect(panel).toHaveCount(1)
        await expect(panel).toHaveAccessibleName(area)
        await expect(panel.getByRole('heading', { level: 3, name: title })).toBeVisible()
        await expect(panel.getByRole('img')).toBeVisible()
      }

      // Keyboard: one tab stop; arrows move and select, wrapping; Home and End jump.
      const tab = (index: number) =>
        tablist.getByRole('tab', { name: featureAreas[index]![0], exact: true })
      await tab(0).click()
      await page.keyboard.press('ArrowRight')
      await expect(tab(1)).toBeFocused()
      await expect(tab(1)).toHaveAttribute('aria-selected', 'true')
      await expect(panel.getByRole('heading', { level: 3, name: featureAreas[1][1] })).toBeVisible()
      await page.keyboard.press('ArrowRight')
      await expect(tab(2)).toHaveAttribute('aria-selected', 'true')
      await expect(panel.getByRole('heading', { name: featureAreas[2][1] })).toBeVisible()
      await page.keyboard.press('ArrowLeft')
      await page.keyboard.press('ArrowLeft')
      await page.keyboard.press('ArrowLeft')
      await expect(tab(5)).toBeFocused()
      await expect(panel.getByRole('heading', { name: featureAreas[5][1] })).toBeVisible()
      await page.keyboard.press('ArrowRight')
      await expect(tab(0)).toHaveAttribute('aria-selected', 'true')
      await page.keyboard.press('End')
      await expect(tab(5)).toHaveAttribute('aria-selected', 'true')
      await page.keyboard.press('Home')
      await expect(tab(0)).toHaveAttribute('aria-selected', 'true')
      await expect(tab(1)).toHaveAttribute('tabindex', '-1')
      // Tab leaves the list for the panel.
      await page.keyboard.press('Tab')
      await expect(panel).toBeFocused()
    })

    test('axe finds nothing serious in the light theme', async ({ page }) => {
      await openLanding(page)
      await expect(page.locator('html')).not.toHaveClass(/\bdark\b/)
      await expectNoSeriousA11yViolations(page)
    })

    test('the header toggle switches to the dark theme; axe is clean there too', async ({
      page,
    }) => {
      await openLanding(page)
      const html = page.locator('html')
      await page.getByRole('banner').getByRole('button', { name: 'Toggle theme' }).click()
      await expect(html).toHaveClass(/\bdark\b/)
      expect(await page.evaluate(() => window.localStorage.getItem('theme'))).toBe('dark')

      await page.reload()
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(html).toHaveClass(/\bdark\b/)
      await expectNoSeriousA11yViolations(page)
    })

    test('nothing overflows sideways', async ({ page }) => {
      await openLanding(page)
      const overflow = await page.evaluate(
        () => document.scrollingElement!.scrollWidth - window.innerWidth,
      )
      expect(overflow).toBeLessThanOrEqual(0)
    })
  })
}

test.describe('at the narrowest supported width (360px)', () => {
  test.use({ viewport: { width: 360, height: 740 } })

  test('nothing overflows sideways, in either theme and on every feature tab', async ({ page }) => {
    const overflow = () =>
      page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth)
    await openLanding(page)
    for (const [area] of featureAreas) {
      await page.getByRole('tab', { name: area, exact: true }).click()
      expect(await overflow(), area).toBeLessThanOrEqual(0)
    }
    await page.getByRole('button', { name: 'Toggle theme' }).click()
    await expect(page.locator('html')).toHaveClass(/\bdark\b/)
    expect(await overflow()).toBeLessThanOrEqual(0)
  })
})

test.describe('the section menu on a phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  for (const theme of ['light', 'dark'] as const) {
    test(`opens from the Menu button, follows a link to its section, closes with Escape (${theme})`, async ({
      page,
    }) => {
      await openLanding(page)
      const header = page.getByRole('banner')
      if (theme === 'dark') {
        await header.getByRole('button', { name: 'Toggle theme' }).click()
        await expect(page.locator('html')).toHaveClass(/\bdark\b/)
      }
      // The wide header's section links are not shown here; the menu button is.
      await expect(header.getByRole('navigation', { name: 'Sections' })).toBeHidden()
      const button = header.getByRole('button', { name: 'Menu' })
      const menu = page.getByRole('dialog', { name: 'Menu' })
      await expect(button).toHaveAttribute('aria-haspopup', 'dialog')
      await expect(button).toHaveAttribute('aria-expanded', 'false')

      await button.click()
      await expect(menu).toBeVisible()
      // While the menu is open the page behind it is hidden from assistive technology.
      const openButton = page.getByRole('button', { name: 'Menu', includeHidden: true })
      await expect(openButton).toHaveAttribute('aria-expanded', 'true')
      await expect(openButton).toHaveAttribute('aria-controls', (await menu.getAttribute('id'))!)
      const sections = menu.getByRole('navigation', { name: 'Sections' })
      await expect(sections.getByRole('link')).toHaveText([
        'Features',
        'Industries',
        'Customers',
        'Consultants',
      ])
      await expect(menu.getByRole('link', { name: 'Start free trial' })).toHaveAttribute(
        'href',
        '/register',
      )
      await expect(menu.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login')
      await animationsFinished(page)
      await expectNoSeriousA11yViolations(page)

      await page.keyboard.press('Escape')
      await expect(menu).toBeHidden()
      await expect(button).toBeFocused()
      await expect(button).toHaveAttribute('aria-expanded', 'false')

      await button.click()
      await sections.getByRole('link', { name: 'Industries' }).click()
      await expect(menu).toBeHidden()
      await expect(page).toHaveURL('/#industries')
      const heading = page.getByRole('heading', {
        level: 2,
        name: 'Built for the audits your clients need',
      })
      await expect(heading).toBeInViewport()
      // Focus moves to the section (Tab continues from there), not back to the button.
      await expect(
        page.getByRole('region', { name: 'Built for the audits your clients need' }),
      ).toBeFocused()
      // Not hidden under the sticky header.
      const headingTop = (await heading.boundingBox())!.y
      const headerBottom = (await header.boundingBox())!.height
      expect(headingTop).toBeGreaterThanOrEqual(headerBottom)

      // The same section again, after scrolling away: the URL already names it.
      await page.evaluate(() => window.scrollTo(0, 0))
      await expect(heading).not.toBeInViewport()
      await button.click()
      await sections.getByRole('link', { name: 'Industries' }).click()
      await expect(heading).toBeInViewport()

      // Choosing another section from further down the page goes back up to it.
      await button.click()
      await sections.getByRole('link', { name: 'Features' }).click()
      await expect(page).toHaveURL('/#features')
      await expect(
        page.getByRole('heading', { level: 2, name: 'Everything an engagement needs' }),
      ).toBeInViewport()
    })
  }
})

test('on a wide screen the section links are in the header and there is no menu button', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await openLanding(page)
  const header = page.getByRole('banner')
  await expect(header.getByRole('navigation', { name: 'Sections' })).toBeVisible()
  await expect(header.getByRole('button', { name: 'Menu' })).toBeHidden()

  // Back and forward between sections return to each one (the browser makes these entries
  // itself: they must not share one remembered position).
  const sections = header.getByRole('navigation', { name: 'Sections' })
  const features = page.getByRole('heading', { level: 2, name: 'Everything an engagement needs' })
  const industries = page.getByRole('heading', {
    level: 2,
    name: 'Built for the audits your clients need',
  })
  await sections.getByRole('link', { name: 'Features' }).click()
  await expect(features).toBeInViewport()
  await sections.getByRole('link', { name: 'Industries' }).click()
  await expect(industries).toBeInViewport()
  await expect(features).not.toBeInViewport()
  await page.goBack()
  await expect(page).toHaveURL('/#features')
  await expect(features).toBeInViewport()
  await page.goForward()
  await expect(page).toHaveURL('/#industries')
  await expect(industries).toBeInViewport()
})

test('an unknown public path shows the public 404, not the landing page', async ({ page }) => {
  await page.goto('/no-such-page')
  await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible()
  await expect(page).toHaveURL('/no-such-page')
  await expect(page.getByRole('tablist', { name: 'Feature areas' })).toHaveCount(0)
  await page.getByRole('link', { name: 'Go to home page' }).click()
  await expect(page).toHaveURL('/')
  await expect(page.getByRole('heading', { level: 2, name: sectionHeadings[1] })).toBeVisible()
})

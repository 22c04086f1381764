import { deflateSync } from 'node:zlib'
import { request as playwrightRequest, type Locator, type Page } from '@playwright/test'
import {
  animationsFinished,
  createClientUser,
  expect,
  expectNoSeriousA11yViolations,
  originHeader,
  signIn,
  test,
  workspaceApi,
  type Account,
} from './fixtures'

/** A one-page PDF saying `text`, its cross-reference table right: a viewer draws it. */
function onePagePdf(text: string) {
  const content = `BT /F1 24 Tf 40 120 Td (${text}) Tj ET`
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 240] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  let pdf = '%PDF-1.4\n'
  const offsets = objects.map((body, index) => {
    const offset = pdf.length
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`
    return offset
  })
  const xref = pdf.length
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(pdf, 'latin1')
}

function crc32(data: Buffer) {
  let crc = 0xffffffff
  for (const byte of data) {
    crc ^= byte
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1
  }
  return (crc ^ 0xffffffff) >>> 0
}

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A small PNG of one colour (8-bit RGB). */
function solidPng(width: number, height: number, rgb: [number, number, number]) {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = 2 // RGB
  const row = Buffer.concat([
    Buffer.from([0]),
    ...Array.from({ length: width }, () => Buffer.from(rgb)),
  ])
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

const PDF_NAME = 'bank-confirmation.pdf'
const PNG_NAME = 'signed-page.png'

const screens = [
  { name: '1440×900, light', viewport: { width: 1440, height: 900 }, theme: 'light' },
  { name: '390×844, dark', viewport: { width: 390, height: 844 }, theme: 'dark' },
] as const

/**
 * The app's dark theme. Init scripts run in every frame: the sandboxed preview's document has an
 * opaque origin and no storage.
 */
function darkTheme() {
  if (window === window.top) window.localStorage.setItem('theme', 'dark')
}

/** The iframe's own answer (not the dialog's check, a fetch): a document of the preview route. */
const framedPreview = (page: Page) =>
  page.waitForResponse(
    (response) =>
      /\/api\/files\/[^/]+\/preview$/.test(new URL(response.url()).pathname) &&
      response.request().resourceType() === 'document',
  )

/** The dialog reads as its screen asks: the whole width of a phone, most of a desktop's. */
async function expectReadingSize(page: Page, width: number) {
  const box = (await page.getByRole('dialog').boundingBox())!
  if (width < 640) expect(box.width).toBeGreaterThanOrEqual(width - 1)
  else expect(box.width).toBeGreaterThan(1000)
}

/**
 * Chromium's PDF viewer (an extension frame inside ours) read the document: its toolbar's page
 * count, 0 until then, is the document's. The field is in the viewer's own markup, and hidden
 * when the frame is narrow, as on a phone.
 */
async function expectPdfRead(page: Page) {
  const viewers = () => page.frames().filter((f) => f.url().startsWith('chrome-extension://'))
  await expect.poll(() => viewers().length).toBeGreaterThan(0)
  await expect(viewers().at(-1)!.locator('#pagelength')).toHaveText('1')
}

/** Opens the preview of a PDF, checks its frame shows the file, and closes it with Escape. */
async function previewPdf(page: Page, list: Locator, width: number) {
  const button = list.getByRole('button', { name: `Preview ${PDF_NAME}` })
  const framed = framedPreview(page)
  await button.click()
  const dialog = page.getByRole('dialog', { name: PDF_NAME })
  const response = await framed
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toBe('application/pdf')
  expect(response.headers()['content-security-policy']).toContain("frame-ancestors 'self'")
  const frame = dialog.locator(`iframe[title="${PDF_NAME}"]`)
  await expect(frame).toBeVisible()
  await expect(dialog.getByRole('status')).toHaveCount(0)
  // Chromium draws a refused frame (a sandboxed PDF, a refused framing) as its own error page.
  expect(page.frames().map((f) => f.url())).not.toContainEqual(
    expect.stringMatching(/^chrome-error:/),
  )
  await expectPdfRead(page)
  await expect(dialog.getByRole('link', { name: 'Download' })).toBeVisible()
  await animationsFinished(page)
  await expectReadingSize(page, width)
  await expectNoSeriousA11yViolations(page, { sameOriginOnly: true })
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(button).toBeFocused()
}

/** The preview of the PNG: the image drawn, then closed with Escape. */
async function previewImage(page: Page, list: Locator, width: number, shot?: string) {
  const button = list.getByRole('button', { name: `Preview ${PNG_NAME}` })
  await button.click()
  const dialog = page.getByRole('dialog', { name: PNG_NAME })
  const image = dialog.getByRole('img', { name: PNG_NAME })
  await expect(image).toBeVisible()
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64)
  await expect(dialog.getByRole('status')).toHaveCount(0)
  await expect(dialog.getByRole('link', { name: 'Download' })).toBeVisible()
  await animationsFinished(page)
  await expectReadingSize(page, width)
  await expectNoSeriousA11yViolations(page, { sameOriginOnly: true })
  if (shot) await page.screenshot({ path: shot })
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(button).toBeFocused()
}

const files = () => [
  { name: PDF_NAME, mimeType: 'application/pdf', buffer: onePagePdf('Bank confirmation') },
  { name: PNG_NAME, mimeType: 'image/png', buffer: solidPng(64, 48, [20, 90, 160]) },
]

/** A request of a new audit, sent to a new client user (the page's session is the firm's). */
async function sentRequest(page: Page, baseURL: string) {
  const seed = workspaceApi(page, baseURL)
  const client = await seed.client({ name: 'Tailspin Toys' })
  const project = await seed.project({ name: 'Statutory Audit', clientId: client.id })
  const audit = await seed.audit({ name: 'FY2026 statutory audit', projectId: project.id })
  const grace = await createClientUser(page, baseURL, client.id)
  const headers = originHeader(baseURL)
  const created = await page.request.post(`/api/audits/${audit.id}/requests`, {
    headers,
    data: { title: 'Signed bank confirmation', documentRequired: true, assigneeId: grace.id },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { id } = (await created.json()) as { id: string }
  const sent = await page.request.post(`/api/audits/${audit.id}/send`, { headers, data: {} })
  expect(sent.status(), await sent.text()).toBe(200)
  return { requestId: id, grace }
}

/** The client user attaches the files and submits, through the API. */
async function answeredWithFiles(baseURL: string, grace: Account, requestId: string) {
  const headers = originHeader(baseURL)
  const context = await playwrightRequest.newContext({ baseURL })
  try {
    const login = await context.post('/api/auth/login', {
      headers,
      data: { email: grace.email, password: grace.password },
    })
    expect(login.status(), await login.text()).toBe(200)
    for (const file of files()) {
      const uploaded = await context.post(`/api/requests/${requestId}/files`, {
        headers,
        multipart: { file },
      })
      expect(uploaded.status(), await uploaded.text()).toBe(201)
    }
    const submitted = await context.post(`/api/requests/${requestId}/submit`, {
      headers,
      data: {},
    })
    expect(submitted.status(), await submitted.text()).toBe(200)
  } finally {
    await context.dispose()
  }
}

const folder = process.env.E2E_SCREENSHOTS
const shotOf = (what: string, screen: (typeof screens)[number]) =>
  folder ? `${folder}/file-preview-${what}-${screen.viewport.width}-${screen.theme}.png` : undefined

for (const screen of screens) {
  test.describe(`at ${screen.name}`, () => {
    test.use({ viewport: screen.viewport })
    test.beforeEach(async ({ page }) => {
      if (screen.theme === 'dark') await page.addInitScript(darkTheme)
    })

    test('the client previews the PDF and the image they attached', async ({
      page,
      baseURL,
      account,
      browser,
    }) => {
      test.slow()
      await signIn(page, baseURL!, account)
      const { requestId, grace } = await sentRequest(page, baseURL!)
      const context = await browser.newContext({ baseURL, viewport: screen.viewport })
      if (screen.theme === 'dark') await context.addInitScript(darkTheme)
      const clientPage = await context.newPage()
      await signIn(clientPage, baseURL!, grace)
      await clientPage.goto(`/requests/${requestId}`)
      await clientPage.getByLabel('Choose files').setInputFiles(files())
      const attached = clientPage.getByRole('list', { name: 'Attached files' })
      await expect(attached.getByRole('listitem')).toHaveCount(2)
      const listShot = shotOf('list', screen)
      if (listShot) await attached.screenshot({ path: listShot })

      await previewImage(clientPage, attached, screen.viewport.width, shotOf('image', screen))
      await previewPdf(clientPage, attached, screen.viewport.width)
      await context.close()
    })

    test('the firm previews the PDF and the image of a submitted answer', async ({
      page,
      baseURL,
      account,
    }) => {
      test.slow()
      await signIn(page, baseURL!, account)
      const { requestId, grace } = await sentRequest(page, baseURL!)
      await answeredWithFiles(baseURL!, grace, requestId)

      await page.goto(`/requests/${requestId}`)
      const version = page.getByRole('list', { name: 'Files of version 1' })
      await expect(version.getByRole('listitem')).toHaveCount(2)
      await previewImage(page, version, screen.viewport.width)
      await previewPdf(page, version, screen.viewport.width)
      const pdfShot = shotOf('pdf', screen)
      if (pdfShot) {
        await version.getByRole('button', { name: `Preview ${PDF_NAME}` }).click()
        await expect(page.getByRole('dialog').getByRole('status')).toHaveCount(0)
        await expectPdfRead(page)
        await animationsFinished(page)
        await page.screenshot({ path: pdfShot })
      }
    })
  })
}

import { filesApi } from '@shared/api/requests'
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, test } from 'vitest'
import { refusal } from '@/test/api'
import { aFile, aUser } from '@/test/fixtures'
import { renderWithApp } from '@/test/render'
import { server } from '@/test/server'
import { TEXT_PREVIEW_BYTES } from '../api/get-file-preview'
import { FileList } from './file-list'

const client = aUser({ role: 'client' })

function showFiles(files = [aFile()]) {
  return renderWithApp(<FileList files={files} label="Files of version 1" />, { user: client })
}

/** The preview route answering `body` as the server does for text: UTF-8 plain text. */
const answerText = (body: string | Uint8Array) =>
  http.get(filesApi.preview.path, () =>
    HttpResponse.arrayBuffer(
      typeof body === 'string' ? new TextEncoder().encode(body).buffer : body.buffer,
      { headers: { 'Content-Type': 'text/plain; charset=utf-8' } },
    ),
  )

describe('the preview of a file', () => {
  test('a CSV file is shown as text in a dialog with its download; Escape closes it and focus returns', async () => {
    const file = aFile({ fileName: 'ledger.csv', contentType: 'text/csv', sizeBytes: 24 })
    const { user } = showFiles([file])
    let asked = 0
    server.use(
      http.get(filesApi.preview.path, ({ params }) => {
        asked += 1
        expect(params.id).toBe(file.id)
        return new HttpResponse('Account,Balance\n1000,42\n', {
          headers: { 'Content-Type': 'text/plain; charset=utf-8' },
        })
      }),
    )

    const button = screen.getByRole('button', { name: 'Preview ledger.csv' })
    await user.click(button)
    const dialog = await screen.findByRole('dialog', { name: 'ledger.csv' })
    const contents = await within(dialog).findByRole('region', { name: 'Contents of ledger.csv' })
    expect(contents.querySelector('pre')?.textContent).toBe('Account,Balance\n1000,42\n')
    expect(within(dialog).getByRole('link', { name: 'Download' })).toHaveAttribute(
      'href',
      `/api/files/${file.id}`,
    )
    expect(within(dialog).queryByText(/Showing the first/)).not.toBeInTheDocument()
    expect(asked).toBe(1)

    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(button).toHaveFocus()
  })

  test('a text file past the preview’s limit is cut there, and says so', async () => {
    const file = aFile({ fileName: 'server.log', contentType: 'text/plain' })
    const { user } = showFiles([file])
    // A two-byte character across the limit is left out whole, not shown as U+FFFD.
    const long = `${'a'.repeat(TEXT_PREVIEW_BYTES - 1)}é and more`
    server.use(answerText(long))

    await user.click(screen.getByRole('button', { name: 'Preview server.log' }))
    const dialog = await screen.findByRole('dialog', { name: 'server.log' })
    await within(dialog).findByText(/Showing the first 512 KB/)
    const shown = within(dialog).getByRole('region').querySelector('pre')!.textContent!
    expect(shown).toBe('a'.repeat(TEXT_PREVIEW_BYTES - 1))
  })

  test('a refused or lost file shows the error with the server’s reason, and the download stays', async () => {
    const file = aFile({ fileName: 'notes.txt', contentType: 'text/plain' })
    const { user } = showFiles([file])
    server.use(
      http.get(filesApi.preview.path, () =>
        refusal(404, { message: 'This file is no longer available', code: 'NOT_FOUND' }),
      ),
    )

    await user.click(screen.getByRole('button', { name: 'Preview notes.txt' }))
    const dialog = await screen.findByRole('dialog', { name: 'notes.txt' })
    const alert = await within(dialog).findByRole('alert')
    expect(alert).toHaveTextContent('This preview could not be loaded. Download the file instead.')
    expect(alert).toHaveTextContent('This file is no longer available')
    expect(within(dialog).queryByRole('region')).not.toBeInTheDocument()
    expect(within(dialog).getByRole('link', { name: 'Download' })).toBeInTheDocument()
  })

  test('a PDF that cannot be previewed shows the error instead of a frame', async () => {
    const { user } = showFiles([aFile({ fileName: 'scan.pdf', contentType: 'application/pdf' })])
    server.use(
      http.get(filesApi.preview.path, () =>
        refusal(415, {
          message: 'This file type cannot be previewed; download it instead.',
          code: 'UNSUPPORTED_MEDIA_TYPE',
        }),
      ),
    )

    await user.click(screen.getByRole('button', { name: 'Preview scan.pdf' }))
    const dialog = await screen.findByRole('dialog', { name: 'scan.pdf' })
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This preview could not be loaded. Download the file instead.',
    )
    expect(dialog.querySelector('iframe')).toBeNull()
  })

  test('only the types a browser shows have a preview; every file keeps its download', () => {
    showFiles([
      aFile({ fileName: 'scan.png', contentType: 'image/png' }),
      aFile({
        fileName: 'ledger.xlsx',
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      }),
      aFile({ fileName: 'drawing.svg', contentType: 'image/svg+xml' }),
    ])
    expect(
      screen.getAllByRole('button', { name: /^Preview / }).map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Preview scan.png'])
    expect(screen.getAllByRole('link', { name: /^Download / })).toHaveLength(3)
  })
})

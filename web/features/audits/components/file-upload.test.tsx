import { filesApi, requestsApi } from '@shared/api/requests'
import { systemApi } from '@shared/api/system'
import { uploadRefusals } from '@shared/uploads'
import type { RequestDetail, RequestFile } from '@shared/schemas/requests'
import { useQuery } from '@tanstack/react-query'
import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { describe, expect, test } from 'vitest'
import { requestQueries } from '@/lib/queries/requests'
import { answer, refusal } from '@/test/api'
import { aFile, aPublicConfig, aRequestDetail, aUser, aVersion } from '@/test/fixtures'
import { renderWithApp } from '@/test/render'
import { server } from '@/test/server'
import { FileUpload } from './file-upload'

const client = aUser({ role: 'client' })

/** The upload area of a request as the page shows it: from the request's query. */
function UploadArea({ id }: { id: string }) {
  const request = useQuery(requestQueries.detail(id))
  return request.data ? <FileUpload request={request.data} /> : null
}

function aSentRequest(files: RequestFile[] = []) {
  return aRequestDetail({
    status: 'sent',
    documentRequired: true,
    allowedActions: ['submit', 'upload', 'comment'],
    versions: files.length > 0 ? [aVersion({ submittedAt: null, submittedBy: null, files })] : [],
  })
}

function showUploadArea(request: RequestDetail, { maxFileBytes = 2 * 1024 * 1024 } = {}) {
  server.use(
    answer(requestsApi.get, request),
    answer(systemApi.config, aPublicConfig({ maxFileBytes })),
  )
  return renderWithApp(<UploadArea id={request.id} />, { user: client })
}

const fileOf = (name: string, size: number, type = 'application/pdf') =>
  new File([new Uint8Array(size)], name, { type })

describe('the upload area', () => {
  test('each chosen file is its own upload with its own progress row; arrived files are listed', async () => {
    const request = aSentRequest()
    const { user } = showUploadArea(request)
    const received: string[] = []
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    server.use(
      answer(filesApi.upload, async ({ request: http }) => {
        const file = (await http.formData()).get('file') as File
        received.push(file.name)
        await released
        return [aFile({ fileName: file.name, sizeBytes: file.size, uploadedById: client.id })]
      }),
    )

    await user.upload(await screen.findByLabelText('Choose files'), [
      fileOf('bank-confirmation.pdf', 300),
      fileOf('notes.txt', 12, 'text/plain'),
    ])

    const uploads = screen.getByRole('list', { name: 'Uploads' })
    expect(within(uploads).getAllByRole('listitem')).toHaveLength(2)
    expect(
      within(uploads).getByRole('progressbar', { name: 'Uploading bank-confirmation.pdf' }),
    ).toBeInTheDocument()
    expect(
      within(uploads).getByRole('progressbar', { name: 'Uploading notes.txt' }),
    ).toBeInTheDocument()
    await waitFor(() => expect(received.sort()).toEqual(['bank-confirmation.pdf', 'notes.txt']))

    // The server now lists both in the version being prepared.
    server.use(
      answer(
        requestsApi.get,
        aSentRequest([
          aFile({ fileName: 'bank-confirmation.pdf', sizeBytes: 300 }),
          aFile({ fileName: 'notes.txt', sizeBytes: 12 }),
        ]),
      ),
    )
    release()

    await waitFor(() => expect(screen.queryByRole('list', { name: 'Uploads' })).toBeNull())
    const attached = screen.getByRole('list', { name: 'Attached files' })
    expect(attached).toHaveTextContent('bank-confirmation.pdf')
    expect(attached).toHaveTextContent('300 bytes')
    expect(attached).toHaveTextContent('notes.txt')
  })

  test('a file over the announced limit is refused before it is sent, in the shared words', async () => {
    const request = aSentRequest()
    const { user } = showUploadArea(request, { maxFileBytes: 1024 })
    let calls = 0
    server.use(
      answer(filesApi.upload, () => {
        calls += 1
        return []
      }),
    )

    expect(await screen.findByText(/up to 1 KB each/)).toBeInTheDocument()
    await user.upload(screen.getByLabelText('Choose files'), fileOf('scan-600dpi.pdf', 4096))

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(`scan-600dpi.pdf: ${uploadRefusals.tooLarge(1024)}`)
    expect(alert).toHaveTextContent('Files may be at most 1 KB')
    expect(calls).toBe(0)
  })

  test("the server's refusal shows on that file's row, and Dismiss removes the row", async () => {
    const request = aSentRequest()
    const { user } = showUploadArea(request)
    server.use(
      answer(filesApi.upload, async ({ request: http }) => {
        const file = (await http.formData()).get('file') as File
        if (file.name === 'x.pdf')
          return refusal(415, {
            code: 'UNSUPPORTED_MEDIA_TYPE',
            message: 'x.pdf: this type of file is not accepted',
          })
        // A proxy's own 413 page: no JSON body.
        return new HttpResponse('<html>Request Entity Too Large</html>', {
          status: 413,
          headers: { 'Content-Type': 'text/html' },
        })
      }),
    )

    await user.upload(await screen.findByLabelText('Choose files'), [
      fileOf('x.pdf', 64),
      fileOf('huge.zip', 64, 'application/zip'),
    ])

    const uploads = screen.getByRole('list', { name: 'Uploads' })
    const rejected = await within(uploads).findByText(/x\.pdf: x\.pdf: this type of file/)
    expect(rejected).toHaveAttribute('role', 'alert')
    expect(await within(uploads).findByText('huge.zip: This file is too large')).toBeInTheDocument()
    expect(within(uploads).queryByRole('progressbar')).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Dismiss x.pdf' }))
    expect(within(uploads).getAllByRole('listitem')).toHaveLength(1)
    expect(within(uploads).queryByText(/x\.pdf/)).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Dismiss huge.zip' }))
    expect(screen.queryByRole('list', { name: 'Uploads' })).toBeNull()
  })

  test('Remove (on files the server lets one remove) deletes the file; other files have no Remove', async () => {
    const mine = aFile({ fileName: 'ledger.csv', allowedActions: ['remove'] })
    const colleagues = aFile({ fileName: 'minutes.pdf', uploadedBy: 'Ada Lovelace' })
    const request = aSentRequest([mine, colleagues])
    const { user } = showUploadArea(request)
    const deleted: string[] = []
    server.use(
      answer(filesApi.remove, ({ params }) => {
        deleted.push(String(params.id))
        server.use(answer(requestsApi.get, aSentRequest([colleagues])))
        return undefined
      }),
    )

    const attached = await screen.findByRole('list', { name: 'Attached files' })
    expect(within(attached).getAllByRole('listitem')).toHaveLength(2)
    expect(screen.queryByRole('button', { name: 'Remove minutes.pdf' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Remove ledger.csv' }))

    expect(await screen.findByText('File removed')).toBeInTheDocument()
    expect(deleted).toEqual([mine.id])
    expect(within(attached).getAllByRole('listitem')).toHaveLength(1)
    expect(attached).not.toHaveTextContent('ledger.csv')
  })
})

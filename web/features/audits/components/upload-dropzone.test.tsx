import { render, screen } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import { UploadDropzone } from './upload-dropzone'

/** The window's media queries, `(pointer: coarse)` matching when `coarse`. */
function pointer(coarse: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query === '(pointer: coarse)' ? coarse : false,
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  )
}

afterEach(() => {
  vi.restoreAllMocks()
})

const hint = () => screen.getByLabelText('Choose files').getAttribute('aria-describedby')!

test('with a mouse it offers drag and drop and says the size limit', () => {
  pointer(false)
  render(<UploadDropzone maxFileBytes={2 * 1024 * 1024} onFiles={() => {}} />)

  expect(document.getElementById(hint())).toHaveTextContent(
    'Drag and drop files here, or choose them. PDF, images, office documents, CSV, text or ZIP, up to 2 MB each.',
  )
})

test('on a touch screen it says to tap, not to drag', () => {
  pointer(true)
  render(<UploadDropzone maxFileBytes={undefined} onFiles={() => {}} />)

  const text = document.getElementById(hint())
  expect(text).toHaveTextContent(
    'Tap Choose files to add files from this device. PDF, images, office documents, CSV, text or ZIP.',
  )
  expect(text).not.toHaveTextContent(/drag/i)
  expect(screen.getByText('Choose files')).toBeVisible()
})

import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { dismissToast } from '@/lib/toast'
import { server } from './server'

// A call no handler answers is a test bug: fail loudly rather than reach the network.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  cleanup()
  dismissToast()
  server.resetHandlers()
})
afterAll(() => server.close())

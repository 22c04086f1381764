import { setupServer } from 'msw/node'

/** The API of the component tests: each test adds the handlers it needs (`server.use`). */
export const server = setupServer()

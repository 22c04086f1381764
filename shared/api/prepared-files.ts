import { idParams } from '../schemas/common'
import { prepareFileInput, preparedFileDto } from '../schemas/prepared-files'
import { defineRoute } from './route'

/** Files prepared in the background, for whoever asked (shared/schemas/prepared-files.ts). */
export const preparedFilesApi = {
  prepare: defineRoute({
    method: 'POST',
    path: '/api/prepared-files',
    tag: 'Exports',
    summary: 'Prepare a file in the background',
    description:
      'Any file of the download links (an audit’s tracker, accepted files or status report; the portfolio as filtered), built by a job. The asker is notified when it is ready and may download it for a day. Each file is checked against what the asker may see, now and when it is built.',
    access: 'workspace.read',
    body: prepareFileInput,
    status: 201,
    reply: preparedFileDto,
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/prepared-files/:id',
    tag: 'Exports',
    summary: 'A file being prepared: whether it is ready',
    description: 'The asker’s own only (404 for anyone else’s).',
    access: 'workspace.read',
    params: idParams,
    status: 200,
    reply: preparedFileDto,
  }),
  download: defineRoute({
    method: 'GET',
    path: '/api/prepared-files/:id/download',
    tag: 'Exports',
    summary: 'Download a prepared file',
    description:
      'The asker’s own, once ready (409 while it is being prepared), for a day after it was ready (410 after).',
    access: 'workspace.read',
    params: idParams,
    status: 200,
    reply: { file: 'application/octet-stream', description: 'The file' },
  }),
}

import { searchQuery, searchReply } from '../schemas/search'
import { defineRoute } from './route'

/** One search over everything the caller may open (decision 050). */
export const searchApi = {
  search: defineRoute({
    method: 'GET',
    path: '/api/search',
    tag: 'Search',
    summary: 'Search everything one may see',
    description:
      'Clients, projects, audits, requests (title, description and answers), comments (internal notes for the firm only), files by name and by the text inside PDF, DOCX, XLSX, CSV and TXT files, best match first. Words are matched by their stem, the last one as a prefix (`ban` finds “bank”). What a client user finds is only what was sent to their client. `types` narrows to some kinds; `cursor` is the previous reply’s `nextCursor`.',
    access: 'signed-in',
    query: searchQuery,
    status: 200,
    reply: searchReply,
  }),
}

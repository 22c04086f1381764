import { z } from 'zod'
import { starterListDto, starterListParams } from '../schemas/template-library'
import { templateDto } from '../schemas/templates'
import { defineRoute } from './route'

/** Starter request lists (shared/schemas/template-library.ts). */
export const templateLibraryApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/template-library',
    tag: 'Templates',
    summary: 'The starter request lists',
    description:
      'Carefully written request lists (year-end and interim audits, SOC 2 Type II, ISO 27001) with sections, references, descriptions, flags and due dates relative to the audit’s.',
    access: 'templates.read',
    status: 200,
    reply: z.array(starterListDto),
  }),
  copy: defineRoute({
    method: 'POST',
    path: '/api/template-library/:key/copy',
    tag: 'Templates',
    summary: 'Copy a starter list into the firm’s templates',
    description:
      'A new template of the firm with every item of the list; the firm changes it as it likes. 404 for an unknown list.',
    access: 'templates.manage',
    params: starterListParams,
    status: 201,
    reply: templateDto,
  }),
}

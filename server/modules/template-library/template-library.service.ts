import type { FastifyInstance } from 'fastify'
import type { StarterList } from '@shared/schemas/template-library'
import type { Principal } from '../../access/principal'
import { notFound } from '../../lib/errors'
import { appendItems } from '../template-items/template-items.repo'
import { createTemplate, getTemplate } from '../templates/templates.repo'
import { LIBRARY } from './library-data'

const sectionsOf = (items: Array<{ section: string }>) => [
  ...new Set(items.map((item) => item.section)),
]

/** The starter lists shipped with the app: read by the firm, copied into its templates by admins. */
export function templateLibraryService({ db, clock }: FastifyInstance) {
  return {
    list: (): StarterList[] =>
      LIBRARY.map(({ key, name, description, items }) => ({
        key,
        name,
        description,
        itemCount: items.length,
        sections: sectionsOf(items),
      })),

    /** A new template of the firm with every item of the list, in one transaction. */
    copy(principal: Principal, key: string) {
      const list = LIBRARY.find((one) => one.key === key)
      if (!list) throw notFound('Starter list')
      const orgId = principal.organizationId
      return db.transaction(async (tx) => {
        const now = clock()
        const template = await createTemplate(
          tx,
          orgId,
          { name: list.name, description: list.description, categoryId: null },
          now,
        )
        await appendItems(tx, orgId, template.id, list.items, now)
        return getTemplate(tx, orgId, template.id)
      })
    },
  }
}

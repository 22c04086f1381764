import { useInfiniteQuery } from '@tanstack/react-query'
import { FileText, Plus } from 'lucide-react'
import { CardGrid, CardGridSkeleton } from '@/components/card-grid'
import { EmptyState } from '@/components/empty-state'
import { ListSection } from '@/components/list-section'
import { PageHeader } from '@/components/page-header'
import { Button } from '@/components/ui/button'
import { RequirePermission } from '@/components/require-permission'
import { templateQueries } from '@/lib/queries/templates'
import { useCan } from '@/lib/session'
import { TemplateCard } from '../components/template-card'
import { StarterLists } from '../components/starter-lists'
import { StarterListsDialog } from '../components/starter-lists-dialog'
import { TemplateFormDialog } from '../components/template-form-dialog'

// The firm's (admins change them, staff read them): client users get the forbidden state (and the
// API's 403).
export function TemplatesPage() {
  return (
    <RequirePermission to="templates.read">
      <TemplatesPageContent />
    </RequirePermission>
  )
}

function TemplatesPageContent() {
  const templates = useInfiniteQuery(templateQueries.list())
  const canManage = useCan('templates.manage')

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Templates"
        description="Reusable audit checklists, grouped by category."
        actions={
          canManage ? (
            <>
              <StarterListsDialog />
              <TemplateFormDialog
                trigger={
                  <Button>
                    <Plus aria-hidden="true" />
                    Create Template
                  </Button>
                }
              />
            </>
          ) : undefined
        }
      />

      <ListSection
        query={templates}
        loading={<CardGridSkeleton label="Loading templates..." />}
        errorTitle="Could not load templates"
        empty={
          <div className="grid gap-6">
            <EmptyState icon={FileText}>
              {canManage
                ? "No templates yet. Click 'Create Template' to get started."
                : 'No templates yet. An administrator can create them.'}
            </EmptyState>
            {canManage ? (
              <section className="grid gap-3" aria-labelledby="starter-heading">
                <div className="grid gap-1">
                  <h2 id="starter-heading" className="text-lg font-semibold">
                    Or start from a starter list
                  </h2>
                  <p className="text-sm text-muted-foreground">
                    Request lists written for this product, with sections, references and due dates
                    before the audit&apos;s. Copy one, then make it yours.
                  </p>
                </div>
                <StarterLists canCopy />
              </section>
            ) : null}
          </div>
        }
        loadMoreLabel="Load more templates"
        className="gap-6"
      >
        {(list) => (
          <CardGrid aria-label="Templates">
            {list.map((template) => (
              <li key={template.id}>
                <TemplateCard template={template} canManage={canManage} />
              </li>
            ))}
          </CardGrid>
        )}
      </ListSection>
    </div>
  )
}

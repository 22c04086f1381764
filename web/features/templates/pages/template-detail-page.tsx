import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { FileSpreadsheet, ListChecks, Plus } from 'lucide-react'
import { useParams } from 'react-router'
import { EmptyState } from '@/components/empty-state'
import { ListSection, ListSkeleton } from '@/components/list-section'
import { PageHeader } from '@/components/page-header'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { DetailItem } from '@/components/detail-item'
import { BackLink } from '@/components/back-link'
import { DetailLoadError } from '@/components/detail-load-error'
import { DetailSkeleton } from '@/components/detail-skeleton'
import { RequirePermission } from '@/components/require-permission'
import { templateItemQueries, templateQueries } from '@/lib/queries/templates'
import { useCan } from '@/lib/session'
import { ImportItemsDialog } from '../components/import-items-dialog'
import { TemplateItemDialog } from '../components/template-item-dialog'
import { TemplateSections } from '../components/template-sections'
import { SortableItemList } from '../components/sortable-item-list'
import { TemplateItemRow } from '../components/template-item-row'

// The firm's (admins change them, staff read them): client users get the forbidden state (and the
// API's 403).
export function TemplateDetailPage() {
  return (
    <RequirePermission to="templates.read">
      <TemplateDetailPageContent />
    </RequirePermission>
  )
}

function TemplateDetailPageContent() {
  const { id = '' } = useParams()
  const template = useQuery(templateQueries.detail(id))
  const items = useInfiniteQuery(templateItemQueries.list(id))
  const canManage = useCan('templates.manage')

  if (template.isPending) return <TemplateDetailSkeleton />

  if (template.isError) {
    return (
      <DetailLoadError
        noun="Template"
        backTo="/templates"
        backLabel="Back to Templates"
        query={template}
      />
    )
  }

  const { name, description, categoryName } = template.data
  // The template counts its items; the list below may hold only its first pages so far.
  const total = template.data.itemCount

  return (
    <div className="grid gap-6">
      <BackLink to="/templates">Back to Templates</BackLink>
      <PageHeader
        title={name}
        actions={
          canManage ? (
            <>
              <ImportItemsDialog
                templateId={id}
                trigger={
                  <Button variant="outline">
                    <FileSpreadsheet aria-hidden="true" />
                    Import
                  </Button>
                }
              />
              <TemplateItemDialog
                templateId={id}
                defaultOrder={total}
                trigger={
                  <Button disabled={!items.isSuccess}>
                    <Plus aria-hidden="true" />
                    Add Item
                  </Button>
                }
              />
            </>
          ) : undefined
        }
      />
      <Card className="p-5">
        <h2 className="sr-only">Template details</h2>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          <DetailItem label="Category">
            {categoryName ? (
              <Badge variant="secondary">{categoryName}</Badge>
            ) : (
              <span className="text-muted-foreground">None</span>
            )}
          </DetailItem>
          <DetailItem label="Total items">
            <span className="tabular-nums">{total}</span>
          </DetailItem>
          <DetailItem label="Description" className="col-span-full">
            {description ? (
              <span className="whitespace-pre-line">{description}</span>
            ) : (
              <span className="text-muted-foreground">No description</span>
            )}
          </DetailItem>
        </dl>
      </Card>

      <TemplateSections templateId={id} canManage={canManage} />
      <section className="grid gap-3" aria-labelledby="items-heading">
        <h2 id="items-heading" className="text-lg font-semibold">
          Checklist Items
        </h2>
        <ListSection
          query={items}
          loading={
            <ListSkeleton
              label="Loading items..."
              className="gap-px overflow-hidden rounded-lg border"
              rowClassName="h-19 rounded-none"
            />
          }
          errorTitle="Could not load the checklist items"
          empty={
            <EmptyState icon={ListChecks}>
              {canManage
                ? "No items yet. Click 'Add Item' to build the checklist."
                : 'This template has no checklist items yet.'}
            </EmptyState>
          }
          loadMoreLabel="Load more items"
        >
          {(sorted) =>
            canManage ? (
              <SortableItemList items={sorted} />
            ) : (
              <ol className="divide-y rounded-lg border bg-card" aria-label="Checklist items">
                {sorted.map((item, index) => (
                  <li key={item.id}>
                    <TemplateItemRow item={item} number={index + 1} canManage={false} />
                  </li>
                ))}
              </ol>
            )
          }
        </ListSection>
      </section>
    </div>
  )
}

function TemplateDetailSkeleton() {
  return (
    <DetailSkeleton noun="Template" action>
      <Skeleton className="h-32 w-full" />
      <Skeleton className="h-48 w-full" />
    </DetailSkeleton>
  )
}

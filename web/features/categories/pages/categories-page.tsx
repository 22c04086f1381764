import { useInfiniteQuery } from '@tanstack/react-query'
import { Plus, Tags } from 'lucide-react'
import { EditButton } from '@/components/card-link'
import { CardGrid, CardGridSkeleton } from '@/components/card-grid'
import { EmptyState } from '@/components/empty-state'
import { ListSection } from '@/components/list-section'
import { PageHeader } from '@/components/page-header'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { RequirePermission } from '@/components/require-permission'
import { categoryQueries } from '@/lib/queries/templates'
import { useCan } from '@/lib/session'
import { CategoryFormDialog } from '../components/category-form-dialog'
import { DeleteCategoryDialog } from '../components/delete-category-dialog'

// The firm's (admins change them, staff read them): client users get the forbidden state (and the
// API's 403).
export function CategoriesPage() {
  return (
    <RequirePermission to="templates.read">
      <CategoriesPageContent />
    </RequirePermission>
  )
}

function CategoriesPageContent() {
  const categories = useInfiniteQuery(categoryQueries.list())
  const canManage = useCan('templates.manage')

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Categories"
        description="Group your checklist templates by subject."
        actions={
          canManage ? (
            <CategoryFormDialog
              trigger={
                <Button>
                  <Plus aria-hidden="true" />
                  Create Category
                </Button>
              }
            />
          ) : undefined
        }
      />

      <ListSection
        query={categories}
        loading={<CardGridSkeleton label="Loading categories..." />}
        errorTitle="Could not load categories"
        empty={
          <EmptyState icon={Tags}>
            {canManage
              ? "No categories yet. Click 'Create Category' to get started."
              : 'No categories yet. An administrator can create them.'}
          </EmptyState>
        }
        loadMoreLabel="Load more categories"
        className="gap-6"
      >
        {(list) => (
          <CardGrid aria-label="Categories">
            {list.map((category) => (
              <li key={category.id}>
                <Card className="flex h-full flex-col gap-3 p-5">
                  <h2 className="text-base leading-snug font-semibold break-words">
                    {category.name}
                  </h2>
                  <p className="line-clamp-3 text-sm text-muted-foreground">
                    {category.description ?? 'No description'}
                  </p>
                  {canManage ? (
                    <div className="mt-auto flex flex-wrap gap-2 pt-1">
                      <CategoryFormDialog
                        category={category}
                        trigger={<EditButton name={category.name} />}
                      />
                      <DeleteCategoryDialog category={category} />
                    </div>
                  ) : null}
                </Card>
              </li>
            ))}
          </CardGrid>
        )}
      </ListSection>
    </div>
  )
}

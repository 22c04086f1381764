import type { ProjectCounts } from '@shared/schemas/projects'
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { FolderKanban, Plus } from 'lucide-react'
import { useState } from 'react'
import { CardGridSkeleton } from '@/components/card-grid'
import { EmptyState } from '@/components/empty-state'
import { ListSection } from '@/components/list-section'
import { PageHeader } from '@/components/page-header'
import { NoSearchResults } from '@/components/paged/search-empty-state'
import { VirtualList } from '@/components/paged/virtual-list'
import { SearchField } from '@/components/search-field'
import { Button } from '@/components/ui/button'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { projectQueries } from '@/lib/queries/engagements'
import { searchText } from '@/lib/queries/paged'
import { useCan } from '@/lib/session'
import { useDebouncedValue } from '@/lib/use-debounced-value'
import { ProjectCard } from '../components/project-card'
import { ProjectFormDialog } from '../components/project-form-dialog'

const NO_PROJECTS = "No projects yet. Click 'New Project' to get started."
// A client user cannot create projects: their audit firm does.
const NO_PROJECTS_CLIENT = 'No projects yet. Your audit firm will add them here.'

const TABS = [
  { value: 'active', label: 'Active', count: 'active', empty: 'No active projects' },
  { value: 'completed', label: 'Completed', count: 'completed', empty: 'No completed projects' },
  { value: 'all', label: 'All', count: 'all', empty: null },
] as const satisfies readonly {
  value: string
  label: string
  count: keyof ProjectCounts
  empty: string | null
}[]

type Tab = (typeof TABS)[number]

export function ProjectsPage() {
  const canManage = useCan('engagements.manage')
  const [search, setSearch] = useState('')
  const q = searchText(useDebouncedValue(search))
  const [tab, setTab] = useState<Tab['value']>('active')
  const counts = useQuery({ ...projectQueries.counts({ q }), placeholderData: keepPreviousData })

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Projects"
        description={
          canManage
            ? 'Engagements with your clients, and the audits that belong to them.'
            : 'Your projects with your audit firm, and the audits that belong to them.'
        }
        actions={
          canManage ? (
            <ProjectFormDialog
              trigger={
                <Button>
                  <Plus aria-hidden="true" />
                  New Project
                </Button>
              }
            />
          ) : undefined
        }
      />

      <SearchField label="Search projects" value={search} onChange={setSearch} />

      <Tabs value={tab} onValueChange={(value) => setTab(value as Tab['value'])}>
        <TabsList>
          {TABS.map(({ value, label, count }) => (
            <TabsTrigger key={value} value={value}>
              {label}
              <span className="text-muted-foreground tabular-nums" aria-hidden={!counts.isSuccess}>
                ({counts.isSuccess ? counts.data[count] : '–'})
              </span>
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map((entry) => (
          <TabsContent key={entry.value} value={entry.value}>
            <ProjectTab
              tab={entry}
              q={q}
              canManage={canManage}
              noProjectsAtAll={counts.isSuccess && !q && counts.data.all === 0}
            />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  )
}

/** One tab's projects, read from the server a page at a time with its status. */
function ProjectTab({
  tab,
  q,
  canManage,
  noProjectsAtAll,
}: {
  tab: Tab
  q: string | undefined
  canManage: boolean
  noProjectsAtAll: boolean
}) {
  const projects = useInfiniteQuery({
    ...projectQueries.list({ q, status: tab.value === 'all' ? undefined : [tab.value] }),
    placeholderData: keepPreviousData,
  })
  const noProjects = canManage ? NO_PROJECTS : NO_PROJECTS_CLIENT

  return (
    <ListSection
      query={projects}
      loading={<CardGridSkeleton label="Loading projects..." />}
      errorTitle="Could not load projects"
      empty={
        q ? (
          <NoSearchResults title="No projects found" search={q} />
        ) : (
          <EmptyState icon={FolderKanban}>
            {noProjectsAtAll ? noProjects : (tab.empty ?? noProjects)}
          </EmptyState>
        )
      }
      loadMoreLabel="Load more projects"
      className="gap-2"
    >
      {(list) => (
        <VirtualList
          label={`${tab.label} projects`}
          layout="grid"
          items={list}
          getKey={(project) => project.id}
          renderItem={(project) => <ProjectCard project={project} canManage={canManage} />}
          estimateRowHeight={200}
        />
      )}
    </ListSection>
  )
}

import type { Project } from '@shared/schemas/projects'
import { useQuery } from '@tanstack/react-query'
import { FolderKanban, Plus, SearchX } from 'lucide-react'
import { useState } from 'react'
import { CardGrid, CardGridSkeleton } from '@/components/card-grid'
import { EmptyState } from '@/components/empty-state'
import { QueryErrorState } from '@/components/error-state'
import { PageHeader } from '@/components/page-header'
import { SearchField } from '@/components/search-field'
import { Button } from '@/components/ui/button'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { projectQueries } from '@/lib/queries/engagements'
import { useCan } from '@/lib/session'
import { ProjectCard } from '../components/project-card'
import { ProjectFormDialog } from '../components/project-form-dialog'

const NO_PROJECTS = "No projects yet. Click 'New Project' to get started."
// A client user cannot create projects: their audit firm does.
const NO_PROJECTS_CLIENT = 'No projects yet. Your audit firm will add them here.'

const TABS = [
  { value: 'active', label: 'Active', empty: 'No active projects' },
  { value: 'completed', label: 'Completed', empty: 'No completed projects' },
  { value: 'all', label: 'All', empty: null },
] as const

type TabValue = (typeof TABS)[number]['value']

function inTab(project: Project, tab: TabValue) {
  return tab === 'all' || project.status === tab
}

export function ProjectsPage() {
  const projects = useQuery(projectQueries.list())
  const canManage = useCan('engagements.manage')
  const noProjects = canManage ? NO_PROJECTS : NO_PROJECTS_CLIENT
  const [search, setSearch] = useState('')
  const [tab, setTab] = useState<TabValue>('active')
  const query = search.trim().toLowerCase()
  const matching =
    projects.data?.filter((project) => project.name.toLowerCase().includes(query)) ?? []

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

      <Tabs value={tab} onValueChange={(value) => setTab(value as TabValue)}>
        <TabsList>
          {TABS.map(({ value, label }) => {
            const count = matching.filter((project) => inTab(project, value)).length
            return (
              <TabsTrigger key={value} value={value}>
                {label}
                <span
                  className="text-muted-foreground tabular-nums"
                  aria-hidden={projects.isPending}
                >
                  ({projects.isSuccess ? count : '–'})
                </span>
              </TabsTrigger>
            )
          })}
        </TabsList>
        {TABS.map(({ value, label, empty }) => {
          const visible = matching.filter((project) => inTab(project, value))
          return (
            <TabsContent key={value} value={value}>
              {projects.isPending ? (
                <CardGridSkeleton label="Loading projects..." />
              ) : projects.isError ? (
                <QueryErrorState title="Could not load projects" query={projects} />
              ) : projects.data.length === 0 ? (
                <EmptyState icon={FolderKanban}>{noProjects}</EmptyState>
              ) : visible.length === 0 ? (
                query ? (
                  <EmptyState icon={SearchX}>No projects found</EmptyState>
                ) : (
                  <EmptyState icon={FolderKanban}>{empty ?? noProjects}</EmptyState>
                )
              ) : (
                <CardGrid aria-label={`${label} projects`}>
                  {visible.map((project) => (
                    <li key={project.id}>
                      <ProjectCard project={project} canManage={canManage} />
                    </li>
                  ))}
                </CardGrid>
              )}
            </TabsContent>
          )
        })}
      </Tabs>
    </div>
  )
}

import { screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import { aProject } from '@/test/fixtures'
import { renderWithApp } from '@/test/render'
import { ProjectCard } from './project-card'

test('a project card shows how many of its requests are accepted, with a bar', () => {
  renderWithApp(
    <ProjectCard
      project={aProject({ name: 'FY2026 review', progress: { accepted: 12, total: 30 } })}
      canManage
    />,
  )

  const bar = screen.getByRole('progressbar', { name: 'Requests accepted' })
  expect(bar).toHaveAttribute('aria-valuenow', '12')
  expect(bar).toHaveAttribute('aria-valuemax', '30')
  expect(bar).toHaveAttribute('aria-valuetext', '12 of 30 accepted')
  expect(screen.getByText('12 of 30 accepted')).toBeInTheDocument()
})

test('a project without requests says so, with no bar to read', () => {
  renderWithApp(<ProjectCard project={aProject({ name: 'Just started' })} canManage={false} />)

  expect(screen.getByText('No requests yet')).toBeInTheDocument()
  expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
})

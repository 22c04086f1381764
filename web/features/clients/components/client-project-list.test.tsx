import { screen, within } from '@testing-library/react'
import { expect, test } from 'vitest'
import { aProject } from '@/test/fixtures'
import { renderWithApp } from '@/test/render'
import { ClientProjectList } from './client-project-list'

test("each of the client's projects shows its progress", () => {
  renderWithApp(
    <ClientProjectList
      label="Active Projects"
      projects={[
        aProject({ name: 'Year-end', progress: { accepted: 5, total: 8 } }),
        aProject({ name: 'Onboarding' }),
      ]}
    />,
  )

  const [yearEnd, onboarding] = within(
    screen.getByRole('list', { name: 'Active Projects' }),
  ).getAllByRole('listitem')
  expect(within(yearEnd!).getByRole('progressbar', { name: 'Requests accepted' })).toHaveAttribute(
    'aria-valuetext',
    '5 of 8 accepted',
  )
  expect(yearEnd).toHaveTextContent('5 of 8 accepted')
  expect(onboarding).toHaveTextContent('No requests yet')
  expect(within(onboarding!).queryByRole('progressbar')).not.toBeInTheDocument()
})

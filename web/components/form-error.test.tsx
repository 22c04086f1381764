import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useId } from 'react'
import { useForm } from 'react-hook-form'
import { expect, test } from 'vitest'
import { FormError } from '@/components/form-error'

/** A form the server refuses, as the dialogs handle it: the refusal in the form's error. */
function RefusedForm({ variant }: { variant?: 'inline' | 'banner' }) {
  const form = useForm<{ note: string }>({ defaultValues: { note: '' } })
  const errorId = useId()
  const error = form.formState.errors.root?.server?.message
  const onSubmit = form.handleSubmit(() =>
    form.setError('root.server', { message: 'The note could not be saved. Please try again.' }),
  )
  return (
    <form noValidate onSubmit={onSubmit}>
      <label htmlFor="note">Note</label>
      <textarea
        id="note"
        aria-describedby={error ? errorId : undefined}
        {...form.register('note')}
      />
      <FormError id={errorId} message={error} variant={variant} />
      <button type="submit">Save</button>
    </form>
  )
}

test('shows nothing until the form has an error, then announces it and describes the field', async () => {
  const user = userEvent.setup()
  render(<RefusedForm />)
  expect(screen.queryByRole('alert')).not.toBeInTheDocument()

  await user.click(screen.getByRole('button', { name: 'Save' }))

  const alert = await screen.findByRole('alert')
  expect(alert).toHaveTextContent('The note could not be saved. Please try again.')
  expect(screen.getByRole('textbox', { name: 'Note' })).toHaveAccessibleDescription(
    'The note could not be saved. Please try again.',
  )
})

test('as a banner at the top of a dialog, it says the same', async () => {
  const user = userEvent.setup()
  render(<RefusedForm variant="banner" />)

  await user.click(screen.getByRole('button', { name: 'Save' }))

  expect(await screen.findByRole('alert')).toHaveTextContent(
    /^The note could not be saved\. Please try again\.$/,
  )
})

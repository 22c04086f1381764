import { z } from 'zod'
import { LIMITS, nameText, optionalEmail, optionalText, timestamps } from './common'
import { searchPageQuery } from './pagination'

const clientFields = {
  name: nameText('Name'),
  email: optionalEmail,
  phone: optionalText('Phone', LIMITS.phone),
  address: optionalText('Address', LIMITS.address),
}

export const createClientInput = z.strictObject({
  ...clientFields,
  email: clientFields.email.optional().default(null),
  phone: clientFields.phone.optional().default(null),
  address: clientFields.address.optional().default(null),
})
export type CreateClientInput = z.input<typeof createClientInput>

export const updateClientInput = z.strictObject(clientFields).partial()
export type UpdateClientInput = z.input<typeof updateClientInput>

export const clientDto = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    ...timestamps,
  })
  .meta({ id: 'Client' })
export type Client = z.infer<typeof clientDto>

/** By name; `q` finds a name containing it. */
export const listClientsQuery = searchPageQuery

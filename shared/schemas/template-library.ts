import { z } from 'zod'

/** A starter request list shipped with the app, which a firm copies into its own templates. */
export const starterListDto = z
  .object({
    key: z.string(),
    name: z.string(),
    description: z.string(),
    itemCount: z.number().int(),
    /** Its sections, in order ("1 General and planning"). */
    sections: z.array(z.string()),
  })
  .meta({ id: 'StarterList' })
export type StarterList = z.infer<typeof starterListDto>

export const starterListParams = z.strictObject({
  key: z
    .string()
    .max(100, 'Starter list not found')
    .regex(/^[a-z0-9-]+$/, 'Starter list not found'),
})

import { z } from 'zod'

export const dashboardDto = z.object({
  totalClients: z.number().int(),
  activeProjects: z.number().int(),
  inProgressAudits: z.number().int(),
  completedItems: z.number().int(),
  recentActivity: z.array(
    z.object({
      id: z.string(),
      actor: z.string(),
      action: z.string(),
      target: z.string(),
      createdAt: z.string(),
    }),
  ),
})
export type Dashboard = z.infer<typeof dashboardDto>

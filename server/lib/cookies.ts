import type { FastifyReply, FastifyRequest } from 'fastify'

/**
 * One of our HttpOnly cookies (session, pending second step, e-mail binding, single sign-on):
 * `__Host-<name>` over https, which binds it to our exact origin (browsers accept the prefix only
 * with Secure, path / and no Domain), plain `<name>` in development over http.
 */
export function hostCookie(secure: boolean, baseName: string, maxAgeSeconds: number) {
  const name = secure ? `__Host-${baseName}` : baseName
  const options = { httpOnly: true, sameSite: 'lax', path: '/', secure } as const
  return {
    name,
    read: (request: FastifyRequest): string | undefined => request.cookies[name],
    set: (reply: FastifyReply, value: string) =>
      reply.setCookie(name, value, { ...options, maxAge: maxAgeSeconds }),
    clear: (reply: FastifyReply) => reply.clearCookie(name, options),
  }
}

export type HostCookie = ReturnType<typeof hostCookie>

import type { ApiRoute, ReplyOf } from '@shared/api/route'
import type { ApiErrorBody } from '@shared/errors'
import { http, HttpResponse, type DefaultBodyType, type PathParams, type StrictRequest } from 'msw'

interface Info {
  request: StrictRequest<DefaultBodyType>
  params: PathParams
}

const method = (route: ApiRoute) =>
  route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'

/**
 * An MSW handler for a route of shared/api, answering with its success status and a reply of its
 * type (or, given a function, whatever it returns for the call: a reply, or a refusal()).
 */
export function answer<R extends ApiRoute>(
  route: R,
  reply: ReplyOf<R> | ((info: Info) => ReplyOf<R> | Response | Promise<ReplyOf<R> | Response>),
) {
  return http[method(route)](route.path, async (info) => {
    const body = typeof reply === 'function' ? await (reply as (i: Info) => unknown)(info) : reply
    if (body instanceof Response) return body
    if (route.status === 204) return new HttpResponse(null, { status: 204 })
    return HttpResponse.json(body as never, { status: route.status })
  })
}

/** The API's error body, as the server sends it. */
export function refusal(status: number, body: ApiErrorBody) {
  return HttpResponse.json(body, { status })
}

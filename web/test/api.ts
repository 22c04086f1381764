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

/**
 * An MSW handler for a list route (decision 014): `reply` gives the page for the call's query and
 * the cursor of the next one, which goes out as the server's `Link: <…>; rel="next"`.
 */
export function answerPages<R extends ApiRoute & { page: true }>(
  route: R,
  reply: (query: URLSearchParams) => { items: ReplyOf<R>; next?: string },
) {
  return http.get(route.path, ({ request }) => {
    const url = new URL(request.url)
    const { items, next } = reply(url.searchParams)
    const link = new URL(url)
    if (next) link.searchParams.set('cursor', next)
    return HttpResponse.json(items as never, {
      headers: next ? { Link: `<${link.pathname}${link.search}>; rel="next"` } : {},
    })
  })
}

/**
 * Home's first answer inside the page that opens it (H5). When the reference server
 * serves Home, it asks itself for the detail of the server the page will show — chosen
 * from the query and host exactly as the client chooses (src/router/query.ts,
 * src/domain/server.ts) — and writes the answer into the HTML under
 * PAGE_ANSWERS_GLOBAL (types/api.ts), with a preload of the server's icon. The client
 * takes it instead of asking again (src/services/request/interceptors/page-answer.ts),
 * so the server card paints with the first render rather than a round trip after
 * start-up. The channel and live lists are still asked for by the page, beside it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { API_PATHS, PAGE_ANSWERS_GLOBAL, type PageAnswers } from '@contract/api'
import { CONFIGURED_SERVERS } from '@/constants/servers'
import { chooseServer } from '@/domain/server'
import { readParams } from '@/router/query'
import { fillPath } from '@/services/api/paths'
import { parseQueryString } from '@/utils/url'

/** Headers of the page request the inner API calls keep, so their file URLs are the ones the page itself would get (plugins/public-url.ts). */
const FORWARDED_HEADERS = ['host', 'x-forwarded-host', 'x-forwarded-proto'] as const

/** The API paths whose answers Home's page carries: the detail of the server that `search` and `host` choose (SPEC §2). */
export function homeAnswerPaths (search: string, host: string): string[] {
  const params = readParams(Object.fromEntries(parseQueryString(search)))
  const { server } = chooseServer(CONFIGURED_SERVERS, { params, host })
  return [fillPath(API_PATHS.server, { server_id: server.server_id })]
}

/**
 * The answers of `paths` as this app gives them to the page's own client (same IP for
 * the rate limit, same host for file URLs). Only successful answers are carried: a
 * failure is left for the page to meet, and to retry, as it would without them.
 */
export async function answersFor (fastify: FastifyInstance, request: FastifyRequest, paths: readonly string[]): Promise<PageAnswers> {
  const headers: Record<string, string> = {}
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers[name]
    if (typeof value === 'string') headers[name] = value
  }
  const answers: PageAnswers = {}
  await Promise.all(paths.map(async apiPath => {
    const response = await fastify.inject({ method: 'GET', url: apiPath, headers, remoteAddress: request.ip })
    if (response.statusCode === 200) answers[apiPath] = { statusCode: response.statusCode, body: response.body }
  }))
  return answers
}

/** JSON that is safe inside a `<script>` element: no `</script>`, no `<!--`, no line separators JavaScript would trip on. */
function scriptJson (value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

function attributeText (text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
}

/** The http(s) or root-relative icon URL in a carried server answer, or null. */
function iconOf (body: string): string | null {
  try {
    const icon: unknown = (JSON.parse(body) as { data?: { icon?: unknown } }).data?.icon
    return typeof icon === 'string' && /^(https?:\/\/|\/(?!\/))/.test(icon) ? icon : null
  } catch {
    return null
  }
}

/**
 * `html` carrying `answers` (a script setting PAGE_ANSWERS_GLOBAL) and a preload of each
 * carried icon, both at the end of its head, so they exist before the app's deferred
 * scripts run. A page without a head, or no answers, is returned as it is.
 */
export function withPageAnswers (html: string, answers: PageAnswers): string {
  const headEnd = html.indexOf('</head>')
  if (headEnd < 0 || Object.keys(answers).length === 0) return html
  const preloads = Object.values(answers)
    .map(answer => iconOf(answer.body))
    .filter((icon): icon is string => icon !== null)
    .map(icon => `<link rel="preload" as="image" href="${attributeText(icon)}">`)
  const script = `<script>window[${JSON.stringify(PAGE_ANSWERS_GLOBAL)}]=${scriptJson(answers)}</script>`
  return html.slice(0, headEnd) + script + preloads.join('') + html.slice(headEnd)
}

/**
 * The built H5 app beside the API on one port (SPEC §2: browser-history router with the
 * custom paths /index.html and /market/index.html): its files are served as they are
 * (their gzip copies to browsers that accept gzip),
 * `/` redirects to `/index.html` keeping the query string, and any other GET of a page
 * path gets index.html so the client router resolves it. Everything else that matches
 * no route (an unknown API path, a missing asset) is a 404 envelope. Home and Market
 * come with the answer their first screen needs (plugins/page-answers.ts), and with that
 * first screen drawn into the HTML, or a skeleton (plugins/first-screen.ts).
 */
import { existsSync } from 'fs'
import { readFile } from 'fs/promises'
import path from 'path'
import { gzipSync } from 'zlib'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { DECLARED_API_ROOTS } from '@core/wire/calls'
import { h5PathsOf, pagePathOf, ROUTES } from '../../../config/routes'
import { notFound } from '../errors'
import { sendError } from './errors'
import { CARRYING_PAGES, carryingPageHtml, type CarryingPage, type PageAssets } from './page-answers'
import { pageFilesOf, pageStylesOf, withFirstScreen } from './first-screen'
import { OPENAPI_PATH } from './openapi'
import { appPagePolicy } from './security-headers'

/** First path segments that belong to the API (never answered with the app's HTML): every declared call's, and the document's. */
export const API_ROOTS: ReadonlySet<string> = new Set([...DECLARED_API_ROOTS, OPENAPI_PATH.slice(1)])

/** The custom path of the entry page (SPEC §2). */
export const ENTRY_PATH = '/index.html'

/** The query part of a request URL, `?` included ('' when it has none). */
function queryPartOf (url: string): string {
  const start = url.indexOf('?')
  return start < 0 ? '' : url.slice(start)
}

/**
 * True when a request that matched no route is a page of the H5 app: a GET or HEAD
 * whose path is not under an API root and does not name a file other than .html.
 */
export function isAppPageRequest (method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false
  const pathname = url.split('?')[0]
  const segments = pathname.split('/').filter(Boolean)
  if (segments.length > 0 && API_ROOTS.has(segments[0])) return false
  const last = segments[segments.length - 1] ?? ''
  return !last.includes('.') || last.endsWith('.html')
}

function setCacheHeaders (response: { setHeader (name: string, value: string): unknown }, filePath: string): void {
  // pages must revalidate (they name the current bundle); hashed assets may be cached
  response.setHeader('cache-control', filePath.endsWith('.html') ? 'no-cache' : 'public, max-age=86400')
}

/** Sends the app's index.html, carrying `page`'s answers when it is a carrying page. */
type AppPageSender = (request: FastifyRequest, reply: FastifyReply, page: CarryingPage | null) => Promise<FastifyReply>

/**
 * The sender of `indexFile`: read per request (a rebuilt bundle is served at once) and
 * sent under the policy that allows exactly its own inline scripts (plugins/security-headers.ts).
 */
function appPageSender (fastify: FastifyInstance, indexFile: string, answerWaitMs: number): AppPageSender {
  return async (request, reply, page) => {
    const template = await readFile(indexFile, 'utf8')
    const assets: PageAssets = {
      stylesOf: route => pageStylesOf(template, `/${pagePathOf(route)}`, path.dirname(indexFile)),
      filesOf: route => pageFilesOf(template, `/${pagePathOf(route)}`),
    }
    const html = page
      ? await carryingPageHtml(fastify, request, page, template, queryPartOf(request.url), request.host, Date.now(), assets, answerWaitMs)
      : withFirstScreen(template, null, '', '')
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding')
      .header('content-security-policy', appPagePolicy(html))
    return /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))
      ? reply.header('content-encoding', 'gzip').send(gzipSync(html))
      : reply.send(html)
  }
}

/** Options of the H5 plugin. */
export interface H5AppOptions {
  /** Folder of the built bundle (dist/h5). */
  h5Dir: string
  /** How long a carrying page waits for an answer (config.pageAnswerWaitMs). */
  pageAnswerWaitMs: number
}

/** Serves the H5 app and answers every unrouted request (history fallback or 404 envelope). */
export default async function h5App (fastify: FastifyInstance, options: H5AppOptions): Promise<void> {
  const available = existsSync(path.join(options.h5Dir, 'index.html'))
  const sendAppPage = appPageSender(fastify, path.join(options.h5Dir, 'index.html'), options.pageAnswerWaitMs)
  if (available) {
    await fastify.register(fastifyStatic, {
      root: options.h5Dir,
      prefix: '/',
      wildcard: true,
      index: false,
      redirect: false,
      cacheControl: false,
      setHeaders: setCacheHeaders,
      // the production build writes gzip copies beside its files (config/h5-delivery.ts)
      preCompressed: true,
    })
    const sendCarryingPage = (page: CarryingPage) => (request: FastifyRequest, reply: FastifyReply) => sendAppPage(request, reply, page)
    for (const page of CARRYING_PAGES) {
      const pagePaths = ROUTES.filter(route => route.name === page.route).flatMap(h5PathsOf)
      for (const pagePath of pagePaths) fastify.get(pagePath, { schema: { hide: true } }, sendCarryingPage(page))
    }
  }

  fastify.get('/', { schema: { hide: true } }, async (request, reply) => {
    return reply.redirect(`${ENTRY_PATH}${queryPartOf(request.url)}`, 302)
  })

  // unrouted requests count against the rate limit too (probing for URLs is not free)
  fastify.setNotFoundHandler({ preHandler: fastify.rateLimit() }, (request: FastifyRequest, reply: FastifyReply) => {
    if (available && isAppPageRequest(request.method, request.url)) return sendAppPage(request, reply, null)
    const reason = isAppPageRequest(request.method, request.url) ? ' (the H5 app is not built: run `npm run build:h5`)' : ''
    return sendError(request, reply, notFound(`no route for ${request.method} ${request.url.split('?')[0].slice(0, 200)}${reason}`))
  })
}

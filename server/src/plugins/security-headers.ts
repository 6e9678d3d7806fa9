/**
 * Security headers on every answer, through @fastify/helmet: `nosniff`,
 * `X-Frame-Options: SAMEORIGIN`, `Referrer-Policy`, and a Content-Security-Policy.
 *
 * - API answers, rule pages and the like get DOCUMENT_POLICY: nothing loads but their
 *   own inline style, and only this origin may frame them (the web view page frames the
 *   rule pages).
 * - The H5 app's pages get {@link appPagePolicy}: scripts from this origin and the WeChat
 *   JS-SDK's host only, plus exactly the inline scripts the page was served with (the
 *   build's rem and preload scripts, the carried answers), each allowed by its SHA-256 —
 *   so markup that slipped into a page can never run an inline script or handler.
 * - Stored files keep their own sandboxing policy (routes/files).
 *
 * HSTS only on requests that came over HTTPS, which behind a proxy the server knows
 * only from a trusted proxy's X-Forwarded-Proto (TRUST_PROXY).
 */
import { createHash } from 'crypto'
import fastifyHelmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'

/** Where the WeChat JS-SDK is loaded from (jweixin-*.js and its fallback host). */
export const WECHAT_SDK_ORIGINS: readonly string[] = ['https://res.wx.qq.com', 'https://res2.wx.qq.com']

/** HSTS of answers over HTTPS: half a year, subdomains included. */
export const HSTS_VALUE = 'max-age=15552000; includeSubDomains'

/** The policy of every answer that is not an app page: data and plain documents. */
export const DOCUMENT_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'self'; base-uri 'none'; form-action 'none'"

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi

/** The CSP source of each inline script of `html` ('sha256-…'), in page order without repeats. */
export function inlineScriptSources (html: string): string[] {
  const sources = [...html.matchAll(INLINE_SCRIPT)].map(match => `'sha256-${createHash('sha256').update(match[1], 'utf8').digest('base64')}'`)
  return [...new Set(sources)]
}

/**
 * The policy of an H5 app page with this HTML. Images, media and fetches may come from
 * any https origin (avatars, icons, covers and live streams are URLs users and the CDN
 * give); scripts only from this origin, the JS-SDK host and the page's own inline scripts.
 */
export function appPagePolicy (html: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${[...WECHAT_SDK_ORIGINS, ...inlineScriptSources(html)].join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob: https:",
    "connect-src 'self' blob: https: wss:", // blob: the picked pictures are read before their upload
    "font-src 'self' data:",
    "frame-src 'self' https:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ')
}

/** Installs the headers on `fastify` (and everything registered after it). */
export async function installSecurityHeaders (fastify: FastifyInstance): Promise<void> {
  await fastify.register(fastifyHelmet, {
    contentSecurityPolicy: false, // set below: helmet's directive builder would re-quote the hashes of app pages
    hsts: false, // only over HTTPS, below
    frameguard: { action: 'sameorigin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // stored files and API answers are read by the mini-program and pages of other origins
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
  })
  fastify.addHook('onRequest', async (request, reply) => {
    reply.header('content-security-policy', DOCUMENT_POLICY)
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS_VALUE)
  })
}

/**
 * Checks the route schemas cannot express, shared by the routes and the space that write
 * audited fields: image fields hold http(s) URLs, and the audit step (SPEC §5) runs before any
 * write.
 */
import type { FastifyRequest } from 'fastify'
import { channelTypeHas } from '@core/domain/channel-types'
import { isChatChannel } from '@core/domain/messages'
import { cleanNameOf, namesLookAlike } from '@core/domain/names'
import { FILES_PATH } from '@core/wire/api'
import type { Channel } from '@core/wire/entities'
import { TRUST_CODES } from '@core/wire/trust'
import type { AppContext } from '../context'
import { ApiError, auditRejected, badRequest } from '../errors'
import { listeningOrigins } from '../plugins/public-url'
import { createAuditor, type AuditedValues } from '../services/audit'

/** Control characters (NUL among them), which no stored text may hold. */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/

/** True when `text` holds a control character. */
export function hasControlCharacters (text: string): boolean {
  return CONTROL_CHARACTERS.test(text)
}

/** True when `value` is an absolute http(s) URL. */
export function isHttpUrl (value: string): boolean {
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0
  } catch {
    return false
  }
}

/** 400 naming `field` unless `value` (when given) is an http(s) URL. */
export function requireHttpUrl (field: string, value: string | null | undefined): void {
  if (typeof value === 'string' && !isHttpUrl(value)) throw badRequest(`body.${field} must be an http(s) URL`)
}

/**
 * 400 when a body gives a voice room's settings (`user_limit`, `bitrate`; their ranges are the
 * schema's) for a channel of a type that has no room (SPEC §4: only voice channels carry one).
 */
export function requireVoiceSettingsFit (channelType: number, body: { user_limit?: number, bitrate?: number }): void {
  if (channelTypeHas(channelType, 'carriesVoice')) return
  const given = (['user_limit', 'bitrate'] as const).find(field => body[field] !== undefined)
  if (given !== undefined) throw badRequest(`body.${given}: only a voice channel has one (channel_type ${channelType} carries no voice room)`)
}

/** 400 when a body sets a slow mode (`slow_mode_seconds`; its values are the schema's) for a channel members do not chat in. */
export function requireSlowModeFit (channel: Pick<Channel, 'channel_type' | 'kind'>, body: { slow_mode_seconds?: number }): void {
  if (body.slow_mode_seconds !== undefined && !isChatChannel(channel)) throw badRequest(`body.slow_mode_seconds: only a chat channel has a slow mode (channel_type ${channel.channel_type}, kind ${channel.kind})`)
}

/** The URL of a storage base (`…/files/`, the Qiniu domain) with the slash a folder ends with. */
function storageBase (base: string): URL {
  return new URL(base.endsWith('/') ? base : `${base}/`)
}

/** True when `url` lies under `base` (same protocol, host and port; path inside the folder). */
function isUnder (url: URL, base: URL): boolean {
  return url.origin === base.origin && url.pathname.startsWith(base.pathname)
}

/** Where this server's own stored files are: /files/ under each origin it answers on (plugins/public-url.ts listeningOrigins). */
function ownFileBases (ctx: AppContext, request: FastifyRequest): URL[] {
  return listeningOrigins(ctx.config.publicUrl, request).map(origin => storageBase(`${origin}${FILES_PATH}`))
}

/** The key of the file of this server's own storage that `url` names (`/files/<key>`, on an origin it answers on or origin-relative), or null for any other URL. */
export function ownFileKey (ctx: AppContext, request: FastifyRequest, url: string): string | null {
  const bases = ownFileBases(ctx, request)
  try {
    const parsed = new URL(url, bases[0])
    const base = parsed.username === '' && parsed.password === '' ? bases.find(candidate => isUnder(parsed, candidate)) : undefined
    return base ? decodeURIComponent(parsed.pathname.slice(base.pathname.length)) || null : null
  } catch {
    return null
  }
}

/**
 * The stored form of `value`, a file of the product's own storage, or 400 naming `field`:
 * under /files/ of an origin this server answers on (PUBLIC_URL, or when it is unset the
 * address and port the connection came to — never the Host header, which the client
 * writes: plugins/public-url.ts listeningOrigins), or under the configured Qiniu domain
 * (QINIU_DOMAIN). Another host, plain http anywhere else, or a URL carrying a user name is
 * refused, so a picture in a message or post never loads from a host that watches its
 * readers. A file of this server is kept origin-relative (`/files/…`): each answer names it
 * on the origin its reader came to (plugins/public-url.ts), so a picture uploaded at
 * `localhost` loads for a member at `127.0.0.1` too.
 */
export function storedFileUrl (ctx: AppContext, request: FastifyRequest, field: string, value: string): string {
  const own = ownFileBases(ctx, request)
  const bases = [...own, ...(ctx.config.qiniu.domain ? [storageBase(ctx.config.qiniu.domain)] : [])]
  let url: URL | null = null
  try {
    url = new URL(value)
  } catch {
    url = null
  }
  if (url && url.username === '' && url.password === '' && bases.some(base => isUnder(url as URL, base))) {
    return own.some(base => isUnder(url as URL, base)) ? `${url.pathname}${url.search}` : value
  }
  throw badRequest(`body.${field} must be a file of this server's storage (uploaded here: ${bases.map(base => base.href).join(' or ')})`)
}

/** The stored form of each attachment's URL ({@link storedFileUrl}), or 400 naming the first that is no file of this product's storage. */
export function storedAttachments<A extends { url: string }> (ctx: AppContext, request: FastifyRequest, attachments: readonly A[] | undefined): A[] {
  return (attachments ?? []).map((attachment, index) => ({ ...attachment, url: storedFileUrl(ctx, request, `attachments.${index}.url`, attachment.url) }))
}

/** SPEC §5, §8: 422 with the field's 104xxx code when the auditor refuses one of `values`; nothing is written then. */
export function requireAuditPass (ctx: AppContext, values: AuditedValues): void {
  const rejection = ctx.auditor.check(values)
  if (rejection) throw auditRejected(rejection)
}

/**
 * The audit step of a write inside a server (SPEC §5): the global word list first, then
 * the server's own words (PUT /servers/:id/words); 422 with the field's 104xxx code.
 */
export async function requireServerAuditPass (ctx: AppContext, serverId: string, values: AuditedValues): Promise<void> {
  requireAuditPass(ctx, values)
  const words = await ctx.repos.moderation.words(serverId)
  const rejection = words.length > 0 ? createAuditor(words).check(values) : null
  if (rejection) throw auditRejected(rejection)
}

/**
 * A nickname, role name or channel name as it is stored (core/domain/names.ts: bidi
 * controls and zero-width characters stripped, trimmed); undefined stays undefined, and
 * a name with nothing visible left is 400 naming `field`.
 */
export function cleanName<T extends string | undefined> (field: string, name: T): T {
  if (name === undefined) return name
  const cleaned = cleanNameOf(name)
  if (cleaned.length === 0) throw badRequest(`body.${field} must hold a visible character`)
  return cleaned as T
}

/**
 * 409 (OWNERS_NAME) when `nickname` reads as the nickname of the owner of one of
 * `serverIds` (core/domain/names.ts namesLookAlike) — nobody but the owner shows under
 * the owner's name in a member list. The owner's own servers are no conflict.
 */
export async function requireNotOwnersName (ctx: AppContext, uid: string, nickname: string, serverIds: readonly string[]): Promise<void> {
  const serverId = await ownersNameIn(ctx, uid, nickname, serverIds)
  if (serverId !== null) throw new ApiError(409, TRUST_CODES.OWNERS_NAME, `nickname: reads as the name of the owner of server ${serverId}; choose another`)
}

/** The first of `serverIds` whose owner (not `uid`) goes by a name `nickname` reads as (namesLookAlike), or null. */
export async function ownersNameIn (ctx: AppContext, uid: string, nickname: string, serverIds: readonly string[]): Promise<string | null> {
  return (await ctx.repos.servers.owners(serverIds)).find(row => row.uid !== uid && namesLookAlike(row.nickname, nickname))?.server_id ?? null
}

/**
 * The same rule from the owner's side: 409 (OWNERS_NAME) when the owner `uid` renames to the
 * exact name a member of one of their servers already goes by — that member would then read
 * as the owner in the member list.
 */
export async function requireNoNamesake (ctx: AppContext, uid: string, nickname: string): Promise<void> {
  const namesake = await ctx.repos.members.namesakeInOwnedServers(uid, nickname)
  if (namesake) throw new ApiError(409, TRUST_CODES.OWNERS_NAME, `nickname: ${namesake.uid}, a member of your server ${namesake.server_id}, goes by this name; as its owner, choose another`)
}

/** preValidation hook of routes whose body is optional: no body at all is read as `{}`. */
export async function absentBodyAsEmpty (request: FastifyRequest): Promise<void> {
  if (request.body === undefined || request.body === null) request.body = {}
}

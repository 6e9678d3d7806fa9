/**
 * Quotas, told to the member in words when reached: bytes stored per UTC day
 * (per account, per client IP, and for all guest accounts together), bytes of chat text
 * stored per UTC day (per account and per client IP), per-account channels, posts,
 * comments and invites per minute, and the hourly reach of direct messages
 * (core/domain/dm-reach.ts). Each charge is taken before the write and
 * handed back (`refund`) when the write is refused after all, so a refused request
 * leaves every usage (the account's, the IP's, the guests') as it was.
 */
import type { FastifyRequest } from 'fastify'
import { DM_REACH_LIMITS, DM_REACH_WINDOW_SECONDS, dmReachTierOf } from '@core/domain/dm-reach'
import { identityKindOf } from '@core/domain/identity'
import { DM_CODES } from '@core/wire/direct-messages'
import type { User } from '@core/wire/entities'
import type { AppContext } from '../context'
import { ApiError, spokenError, type SpokenMessage } from '../errors'
import type { LimitedAction, UsageCharge, UsageHolder } from '../repositories/abuse-limits'
import type { PutResult } from './storage'

const DAY_SECONDS = 86_400
const MINUTE_SECONDS = 60

/** A charge taken; `refund` hands it back when the write it paid for did not happen. */
export interface TakenCharge {
  refund (): Promise<void>
}

/** `bytes` in words: `512 B`, `1.5 MiB`. */
export function bytesInWords (bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB']
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit += 1
  }
  return `${unit === 0 ? value : Number(value.toFixed(1))} ${units[unit]}`
}

/**
 * Runs a write paid for by `charge`: the charge is handed back when the write fails or
 * turns out not to have written anything new (`created` false: a nonce already used, a
 * conversation the other side made at the same moment), so only new rows count against the limit.
 */
export async function charged<T extends { created: boolean }> (charge: TakenCharge, write: () => Promise<T>): Promise<T> {
  let written: T
  try {
    written = await write()
  } catch (error) {
    await charge.refund()
    throw error
  }
  if (!written.created) await charge.refund()
  return written
}

async function take (ctx: AppContext, charge: UsageCharge): Promise<TakenCharge | null> {
  if (!await ctx.repos.usage.charge(charge)) return null
  return { refund: () => ctx.repos.usage.refund(charge) }
}

/** One daily byte quota: whose bytes it counts, how many, and who that is in words. */
interface DailyQuota {
  holder: UsageHolder
  limit: number
  /** Who shares the quota, as the refusal names them ("each account may store …"). */
  whose: SpokenMessage
}

/** Who writes: the account the bytes count on and the client address they come from. */
export interface Uploader {
  uid: string
  /** The client IP of the request that brings the bytes. */
  ip: string
}

/** The writer of `request`: the signed-in `user` at the request's client IP. */
export function writerOf (request: Pick<FastifyRequest, 'ip'>, user: Pick<User, 'uid'>): Uploader {
  return { uid: user.uid, ip: request.ip }
}

/** What a kind of daily byte quota counts, and how its refusal names it. */
interface DailyBytes {
  action: LimitedAction
  /** The refusal's opening: `今日上传额度已用完` / `daily upload quota reached`. */
  reached: SpokenMessage
  /** What the quota lets one store, after the amount: `可存` / `may store`. */
  verb: SpokenMessage
  /** This write, before its size: `这个文件` / `this file is`. */
  write: SpokenMessage
}

const UPLOAD_BYTES: DailyBytes = {
  action: 'upload_bytes',
  reached: { 'zh-CN': '今日上传额度已用完', en: 'daily upload quota reached' },
  verb: { 'zh-CN': '可存', en: 'may store' },
  write: { 'zh-CN': '这个文件', en: 'this file is' },
}

const TEXT_BYTES: DailyBytes = {
  action: 'text_bytes',
  reached: { 'zh-CN': '今日发言额度已用完', en: 'daily text quota reached' },
  verb: { 'zh-CN': '可发送文字', en: 'may store text of' },
  write: { 'zh-CN': '这次发送', en: 'this text is' },
}

const EACH_ACCOUNT: SpokenMessage = { 'zh-CN': '每个账号', en: 'each account' }
const EACH_ADDRESS: SpokenMessage = { 'zh-CN': '每个网络地址', en: 'each network address' }

/**
 * The daily storage quotas an upload counts on: the account's; the client IP's (unless the
 * IP is one the rate limits exempt); and, for a guest, all guest accounts' together —
 * guests are free, so fresh ones must not each bring a fresh quota.
 */
function uploadQuotasOf (ctx: AppContext, uploader: Uploader): DailyQuota[] {
  const { uploadBytesPerDay, uploadBytesPerDayPerIp, uploadBytesPerDayGuests } = ctx.config.limits
  const quotas: DailyQuota[] = [{ holder: { uid: uploader.uid }, limit: uploadBytesPerDay, whose: EACH_ACCOUNT }]
  if (!ctx.config.rateLimit.allowList.includes(uploader.ip)) {
    quotas.push({ holder: { pool: `ip:${uploader.ip}` }, limit: uploadBytesPerDayPerIp, whose: EACH_ADDRESS })
  }
  if (identityKindOf({ uid: uploader.uid }) === 'guest') {
    quotas.push({ holder: { pool: 'guests' }, limit: uploadBytesPerDayGuests, whose: { 'zh-CN': '所有游客账号合计', en: 'all guest accounts together' } })
  }
  return quotas
}

/**
 * The daily quotas stored chat text counts on: the account's and the client IP's; a write
 * from an IP the rate limits exempt (RATE_LIMIT_ALLOW: loopback by default) counts on
 * neither, as the message rate limit does.
 */
function textQuotasOf (ctx: AppContext, writer: Uploader): DailyQuota[] {
  if (ctx.config.rateLimit.allowList.includes(writer.ip)) return []
  const { textBytesPerDay, textBytesPerDayPerIp } = ctx.config.limits
  return [
    { holder: { uid: writer.uid }, limit: textBytesPerDay, whose: EACH_ACCOUNT },
    { holder: { pool: `ip:${writer.ip}` }, limit: textBytesPerDayPerIp, whose: EACH_ADDRESS },
  ]
}

/** Charges `bytes` to one daily quota of `kind`; 429 in words when it would go over. */
async function chargeDailyQuota (ctx: AppContext, kind: DailyBytes, { holder, limit, whose }: DailyQuota, bytes: number): Promise<TakenCharge> {
  const now = ctx.now()
  const windowStart = now - now % DAY_SECONDS
  const taken = await take(ctx, { holder, action: kind.action, windowStart, amount: bytes, limit })
  if (taken) return taken
  const left = Math.max(0, limit - await ctx.repos.usage.used(holder, kind.action, windowStart))
  throw spokenError(429, {
    'zh-CN': `${kind.reached['zh-CN']}：${whose['zh-CN']}每天${kind.verb['zh-CN']} ${bytesInWords(limit)}，今天还剩 ${bytesInWords(left)}，${kind.write['zh-CN']} ${bytesInWords(bytes)}；请在北京时间 8:00 后再试`,
    en: `${kind.reached.en}: ${whose.en} ${kind.verb.en} ${bytesInWords(limit)} a day, ${bytesInWords(left)} are left today and ${kind.write.en} ${bytesInWords(bytes)}; try again after 00:00 UTC`,
  }, DAY_SECONDS - now % DAY_SECONDS)
}

/** Takes every charge of `steps` in turn, or none: when one refuses (throws), those taken are handed back and its refusal stands. */
export async function chargeAllOrNone (steps: ReadonlyArray<() => Promise<TakenCharge>>): Promise<TakenCharge> {
  const taken: TakenCharge[] = []
  const refund = async (): Promise<void> => { for (const charge of taken) await charge.refund() }
  try {
    for (const step of steps) taken.push(await step())
  } catch (error) {
    await refund()
    throw error
  }
  return { refund }
}

/** Charges `bytes` to each of `quotas` of `kind`, or to none with the 429 of the first that is full. */
function chargeDailyQuotas (ctx: AppContext, kind: DailyBytes, quotas: DailyQuota[], bytes: number): Promise<TakenCharge> {
  return chargeAllOrNone(quotas.map(quota => () => chargeDailyQuota(ctx, kind, quota, bytes)))
}

/**
 * Counts chat text about to be stored (a message, a direct message, a post's title and
 * text, a comment on a post or in a live chat) on the writer's daily text quotas, by its
 * UTF-8 bytes: the account's and the client IP's (429 in words, and nothing counted, when
 * one would go over). An edit replaces stored text rather than adding to it: not counted.
 */
export function chargeChatText (ctx: AppContext, writer: Uploader, texts: readonly string[]): Promise<TakenCharge> {
  const bytes = texts.reduce((sum, text) => sum + Buffer.byteLength(text, 'utf8'), 0)
  return chargeDailyQuotas(ctx, TEXT_BYTES, bytes > 0 ? textQuotasOf(ctx, writer) : [], bytes)
}

/** Counts one `action` against the account's per-minute `limit`; 429 in words (`too many <what>: each account may <verb> <limit> a minute`) when reached. */
async function chargePerMinute (ctx: AppContext, uid: string, action: LimitedAction, limit: number, what: SpokenMessage, verb = 'write'): Promise<TakenCharge> {
  const now = ctx.now()
  const taken = await take(ctx, { holder: { uid }, action, windowStart: now - now % MINUTE_SECONDS, amount: 1, limit })
  if (taken) return taken
  throw spokenError(429, {
    'zh-CN': `${what['zh-CN']}太频繁：每个账号每分钟最多 ${limit} 次，请一分钟后再试`,
    en: `too many ${what.en}: each account may ${verb} ${limit} a minute; try again in a minute`,
  }, MINUTE_SECONDS - now % MINUTE_SECONDS)
}

/** Counts one channel creation against the account's per-minute limit; 429 in words when reached. */
export function chargeChannelCreation (ctx: AppContext, uid: string): Promise<TakenCharge> {
  return chargePerMinute(ctx, uid, 'channel_create', ctx.config.limits.channelsPerMinute, { 'zh-CN': '创建频道', en: 'new channels' }, 'create')
}

/** Counts one post against the account's per-minute limit; 429 in words when reached. */
export function chargePostWrite (ctx: AppContext, uid: string): Promise<TakenCharge> {
  return chargePerMinute(ctx, uid, 'post_write', ctx.config.limits.postsPerMinute, { 'zh-CN': '发帖', en: 'new posts' })
}

/** Counts one invite against the account's per-minute limit; 429 in words when reached. */
export function chargeInviteCreation (ctx: AppContext, uid: string): Promise<TakenCharge> {
  return chargePerMinute(ctx, uid, 'invite_create', ctx.config.limits.invitesPerMinute, { 'zh-CN': '创建邀请', en: 'new invites' }, 'create')
}

/** Counts one comment (post or live chat) against the account's per-minute limit; 429 in words when reached. */
export function chargeCommentWrite (ctx: AppContext, uid: string): Promise<TakenCharge> {
  return chargePerMinute(ctx, uid, 'comment_write', ctx.config.limits.commentsPerMinute, { 'zh-CN': '评论', en: 'comments' })
}

/** What starting or adding to a conversation reaches: conversations started (0 or 1) and members it newly reaches. */
export interface DmReach {
  conversations: number
  newRecipients: number
}

/** One hourly reach limit: what it counts, how many, its code and its refusal in words. */
interface ReachPart {
  action: LimitedAction
  amount: number
  limit: number
  code: number
  spoken: SpokenMessage
}

/**
 * Counts `reach` against `user`'s hourly direct-message reach (core/domain/dm-reach.ts: a
 * guest's and a new account's are smaller); a 429 in words naming the limit, with nothing
 * counted, when either part would go over. Hand it back (`refund`) when the write is refused after all.
 */
export function chargeDmReach (ctx: AppContext, user: User, reach: DmReach): Promise<TakenCharge> {
  const now = ctx.now()
  const windowStart = now - now % DM_REACH_WINDOW_SECONDS
  const limits = DM_REACH_LIMITS[dmReachTierOf(user, now)]
  const parts: ReachPart[] = [{
    action: 'dm_conversation_start',
    amount: reach.conversations,
    limit: limits.conversationsPerHour,
    code: DM_CODES.TOO_MANY_NEW_CONVERSATIONS,
    spoken: {
      'zh-CN': `发起私信会话太频繁：你的账号每小时最多发起 ${limits.conversationsPerHour} 个新会话，请稍后再试`,
      en: `too many new conversations: your account may start ${limits.conversationsPerHour} an hour; try again later`,
    },
  }, {
    action: 'dm_new_recipient',
    amount: reach.newRecipients,
    limit: limits.newRecipientsPerHour,
    code: DM_CODES.TOO_MANY_NEW_RECIPIENTS,
    spoken: {
      'zh-CN': `联系新的人太频繁：你的账号每小时最多向 ${limits.newRecipientsPerHour} 位尚未聊过的成员发起私信，请稍后再试`,
      en: `too many new people: your account may reach ${limits.newRecipientsPerHour} members it has not talked to yet an hour; try again later`,
    },
  }]
  return chargeAllOrNone(parts.filter(part => part.amount > 0).map(part => async () => {
    const taken = await take(ctx, { holder: { uid: user.uid }, action: part.action, windowStart, amount: part.amount, limit: part.limit })
    if (taken) return taken
    throw new ApiError(429, part.code, part.spoken.en, part.spoken, DM_REACH_WINDOW_SECONDS - now % DM_REACH_WINDOW_SECONDS)
  }))
}

/**
 * Stores `content` under `key` on the uploader's daily quotas — the account's, the client
 * IP's and the guests' together (429 in words, nothing stored, when one would go over).
 * Only bytes actually written count: a file already held under the key (the same content,
 * or other content the caller refuses) costs nothing.
 */
export async function putWithinQuota (ctx: AppContext, uploader: Uploader, key: string, content: Buffer, mime: string): Promise<PutResult> {
  const charge = await chargeDailyQuotas(ctx, UPLOAD_BYTES, uploadQuotasOf(ctx, uploader), content.length)
  let result: PutResult
  try {
    result = await ctx.files.put(key, content, mime, { uploadedBy: uploader.uid })
  } catch (error) {
    await charge.refund()
    throw error
  }
  if (result.status !== 'stored') await charge.refund()
  return result
}

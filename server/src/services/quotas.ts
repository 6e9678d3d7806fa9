/**
 * Per-account quotas (issue 13), told to the member in words when reached: bytes stored
 * per UTC day, channels created per minute. Each charge is taken before the write and
 * handed back (`refund`) when the write is refused after all, so a refused request
 * leaves the account's usage as it was.
 */
import type { AppContext } from '../context'
import { spokenError, type SpokenMessage } from '../errors'
import type { LimitedAction, UsageCharge } from '../repositories/abuse-limits'
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

async function take (ctx: AppContext, charge: UsageCharge): Promise<TakenCharge | null> {
  if (!await ctx.repos.usage.charge(charge)) return null
  return { refund: () => ctx.repos.usage.refund(charge) }
}

/** Charges `bytes` to the account's daily storage quota; 429 in words when it would go over. */
async function chargeUploadQuota (ctx: AppContext, uid: string, bytes: number): Promise<TakenCharge> {
  const now = ctx.now()
  const windowStart = now - now % DAY_SECONDS
  const limit = ctx.config.limits.uploadBytesPerDay
  const taken = await take(ctx, { uid, action: 'upload_bytes', windowStart, amount: bytes, limit })
  if (taken) return taken
  const left = Math.max(0, limit - await ctx.repos.usage.used(uid, 'upload_bytes', windowStart))
  throw spokenError(429, {
    'zh-CN': `今日上传额度已用完：每个账号每天可存 ${bytesInWords(limit)}，今天还剩 ${bytesInWords(left)}，这个文件 ${bytesInWords(bytes)}；请在北京时间 8:00 后再试`,
    en: `daily upload quota reached: each account may store ${bytesInWords(limit)} a day, ${bytesInWords(left)} are left today and this file is ${bytesInWords(bytes)}; try again after 00:00 UTC`,
  }, DAY_SECONDS - now % DAY_SECONDS)
}

/** Counts one `action` against the account's per-minute `limit`; 429 in words (`too many <what>: each account may <verb> <limit> a minute`) when reached. */
async function chargePerMinute (ctx: AppContext, uid: string, action: LimitedAction, limit: number, what: SpokenMessage, verb = 'write'): Promise<TakenCharge> {
  const now = ctx.now()
  const taken = await take(ctx, { uid, action, windowStart: now - now % MINUTE_SECONDS, amount: 1, limit })
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

/** Counts one comment (post or live chat) against the account's per-minute limit; 429 in words when reached. */
export function chargeCommentWrite (ctx: AppContext, uid: string): Promise<TakenCharge> {
  return chargePerMinute(ctx, uid, 'comment_write', ctx.config.limits.commentsPerMinute, { 'zh-CN': '评论', en: 'comments' })
}

/**
 * Stores `content` under `key` on `uid`'s daily quota (429 in words, nothing stored, when
 * it would go over). Only bytes actually written count: a file already held under the
 * key (the same content, or other content the caller refuses) costs nothing.
 */
export async function putWithinQuota (ctx: AppContext, uid: string, key: string, content: Buffer, mime: string): Promise<PutResult> {
  const charge = await chargeUploadQuota(ctx, uid, content.length)
  let result: PutResult
  try {
    result = await ctx.files.put(key, content, mime)
  } catch (error) {
    await charge.refund()
    throw error
  }
  if (result.status !== 'stored') await charge.refund()
  return result
}

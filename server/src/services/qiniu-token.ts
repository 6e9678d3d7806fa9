/**
 * Qiniu upload tokens: `AccessKey:encodedSign:encodedPutPolicy`, where encodedPutPolicy
 * is the URL-safe base64 of the put policy's JSON and encodedSign the URL-safe base64 of
 * HMAC-SHA1(secretKey, encodedPutPolicy). Issued by POST /v2/qn/upfiles and verified by
 * this server's own upload host (POST /upload).
 */
import { createHmac, timingSafeEqual } from 'crypto'

/** How long an upload token stays valid. */
export const UPLOAD_TOKEN_LIFETIME_SECONDS = 3600

/** The types anyone may upload (a token's mimeLimit when the body names no mime). */
export const UPLOAD_MIME_LIMIT = 'image/*;video/*;audio/*'

/** Qiniu's put policy (the fields this project uses). */
export interface PutPolicy {
  /** "bucket" (any key) or "bucket:key" (exactly that key). */
  scope: string
  /** Unix seconds after which the token is refused. */
  deadline: number
  /** Largest accepted file in bytes. */
  fsizeLimit?: number
  /** What Qiniu answers after the upload (not used by this server's own upload host). */
  returnBody?: string
  /** Accepted types, ';'-separated (`image/*;video/mp4`), or refused types after a leading '!'. */
  mimeLimit?: string
  /** Qiniu's owner field: the uid the token was issued to, whose storage quota an upload is charged to. */
  endUser?: string
}

/** The key pair a token is signed with. */
export interface QiniuKeys {
  accessKey: string
  secretKey: string
}

/** Why a token was refused: Qiniu answers both with HTTP 401. */
export type TokenProblem = 'bad token' | 'expired token'

/** A token that cannot be used. */
export class UploadTokenError extends Error {
  readonly problem: TokenProblem
  constructor (problem: TokenProblem) {
    super(problem)
    this.name = 'UploadTokenError'
    this.problem = problem
  }
}

/** URL-safe base64 as Qiniu writes it ('+' → '-', '/' → '_', padding kept). */
export function urlsafeBase64 (data: Buffer | string): string {
  return Buffer.from(data).toString('base64').replace(/\+/g, '-').replace(/\//g, '_')
}

function sign (secretKey: string, encodedPolicy: string): string {
  return urlsafeBase64(createHmac('sha1', secretKey).update(encodedPolicy).digest())
}

/** Signs a put policy into an upload token. */
export function signUploadToken (policy: PutPolicy, keys: QiniuKeys): string {
  const encodedPolicy = urlsafeBase64(JSON.stringify(policy))
  return `${keys.accessKey}:${sign(keys.secretKey, encodedPolicy)}:${encodedPolicy}`
}

function isPutPolicy (value: unknown): value is PutPolicy {
  if (typeof value !== 'object' || value === null) return false
  const policy = value as Record<string, unknown>
  return typeof policy.scope === 'string' && policy.scope.length > 0 &&
    Number.isInteger(policy.deadline) &&
    (policy.fsizeLimit === undefined || (Number.isInteger(policy.fsizeLimit) && (policy.fsizeLimit as number) > 0)) &&
    (policy.mimeLimit === undefined || typeof policy.mimeLimit === 'string') &&
    (policy.endUser === undefined || (typeof policy.endUser === 'string' && policy.endUser.length > 0))
}

/** Checks a token's key, signature and deadline; resolves its put policy or throws UploadTokenError. */
export function verifyUploadToken (token: string, keys: QiniuKeys, nowSeconds: number): PutPolicy {
  const parts = token.split(':')
  if (parts.length !== 3 || parts[0] !== keys.accessKey) throw new UploadTokenError('bad token')
  const [, encodedSign, encodedPolicy] = parts
  const expected = Buffer.from(sign(keys.secretKey, encodedPolicy))
  const given = Buffer.from(encodedSign)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new UploadTokenError('bad token')
  let policy: unknown
  try {
    policy = JSON.parse(Buffer.from(encodedPolicy, 'base64').toString('utf8'))
  } catch {
    throw new UploadTokenError('bad token')
  }
  if (!isPutPolicy(policy)) throw new UploadTokenError('bad token')
  if (policy.deadline < nowSeconds) throw new UploadTokenError('expired token')
  return policy
}

/** What a policy's scope says about the key of an upload. */
export type ScopeDecision =
  | { allowed: false }
  /** `key` null: the form named none and the scope fixes none, so the content hash is the key (as on Qiniu). */
  | { allowed: true, key: string | null }

/**
 * Checks the key of an upload against a policy's scope: with "bucket:key" only that key
 * is allowed (and it is used when the form names none); with "bucket" any key is. The
 * scope's bucket must be this server's bucket.
 */
export function checkScope (scope: string, bucket: string, formKey: string | null): ScopeDecision {
  const separator = scope.indexOf(':')
  const scopeBucket = separator < 0 ? scope : scope.slice(0, separator)
  const scopeKey = separator < 0 ? null : scope.slice(separator + 1)
  if (scopeBucket !== bucket) return { allowed: false }
  if (scopeKey === null) return { allowed: true, key: formKey }
  if (formKey !== null && formKey !== scopeKey) return { allowed: false }
  return { allowed: true, key: scopeKey }
}

function mimeMatches (pattern: string, mime: string): boolean {
  if (pattern.endsWith('/*')) return mime.startsWith(pattern.slice(0, -1))
  return pattern === mime
}

/** True when `mime` passes a policy's mimeLimit (no limit passes everything). */
export function mimeAllowed (mimeLimit: string | undefined, mime: string): boolean {
  if (!mimeLimit) return true
  const deny = mimeLimit.startsWith('!')
  const patterns = (deny ? mimeLimit.slice(1) : mimeLimit).split(';').map(item => item.trim().toLowerCase()).filter(Boolean)
  const matched = patterns.some(pattern => mimeMatches(pattern, mime.toLowerCase()))
  return deny ? !matched : matched
}

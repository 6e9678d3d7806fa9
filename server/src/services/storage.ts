/**
 * The file store behind /files, the upload host and POST /resource/base64. Contents
 * live on disk under DATA_DIR/files (file name = SHA-1 of the key, so any key is safe on
 * disk); key, type, size, Qiniu etag and the account that stored it live in the
 * stored_files table. A file goes when its uploader's account is deleted and it was that
 * account's avatar (repositories/account-data.ts): its row first, then its content.
 */
import { createHash, randomBytes } from 'crypto'
import { mkdirSync } from 'fs'
import { rename, rm, writeFile } from 'fs/promises'
import path from 'path'
import type { Db, StoredFilesTable } from '../db/schema'
import { qiniuEtag } from './qiniu-etag'

/** A stored file's metadata and where its content is. */
export interface StoredFile {
  key: string
  mime: string
  size: number
  hash: string
  /** Absolute path of the content on disk. */
  path: string
}

/** What put() did. */
export type PutResult =
  | { status: 'stored', file: StoredFile }
  /** The key already holds this very content: nothing changed (Qiniu answers success too). */
  | { status: 'same', file: StoredFile }
  /** The key holds other content and the caller asked not to replace it (Qiniu 614). */
  | { status: 'exists', file: StoredFile }

/** How put() stores: `replace` overwrites other content (otherwise it is kept); `uploadedBy` names the account storing it. */
export interface PutOptions {
  replace?: boolean
  uploadedBy?: string
}

/** Reads and writes stored files. */
export interface FileStore {
  /** Stores `content` under `key`, as `options` say. */
  put (key: string, content: Buffer, mime: string, options?: PutOptions): Promise<PutResult>
  /** The file stored under `key`, or null. */
  get (key: string): Promise<StoredFile | null>
  /** Removes the content of `key` from disk once no row holds the key any more (a later upload under it keeps its own). */
  discardContent (key: string): Promise<void>
}

/** Folder of the stored contents inside DATA_DIR. */
export const FILES_DIR = 'files'

/** A file store on `db` with contents under `dataDir`/files. */
export function createFileStore (db: Db, dataDir: string): FileStore {
  const root = path.join(dataDir, FILES_DIR)
  mkdirSync(root, { recursive: true })
  const pathOf = (key: string): string => {
    const name = createHash('sha1').update(key).digest('hex')
    return path.join(root, name.slice(0, 2), name)
  }
  const toFile = (row: StoredFilesTable): StoredFile => ({ key: row.file_key, mime: row.mime, size: row.size, hash: row.hash, path: pathOf(row.file_key) })

  async function get (key: string): Promise<StoredFile | null> {
    const row = await db.selectFrom('stored_files').selectAll().where('file_key', '=', key).executeTakeFirst()
    return row ? toFile(row) : null
  }

  async function put (key: string, content: Buffer, mime: string, options: PutOptions = {}): Promise<PutResult> {
    const hash = qiniuEtag(content)
    const existing = await get(key)
    if (existing && existing.hash === hash && existing.mime === mime) return { status: 'same', file: existing }
    if (existing && !options.replace) return { status: 'exists', file: existing }
    const target = pathOf(key)
    mkdirSync(path.dirname(target), { recursive: true })
    // written beside the target and renamed, so a reader never sees half a file
    const temporary = `${target}.${randomBytes(6).toString('hex')}.part`
    await writeFile(temporary, content)
    const row: StoredFilesTable = { file_key: key, mime, size: content.length, hash, created_at: Math.floor(Date.now() / 1000), uploaded_by: options.uploadedBy ?? null }
    try {
      const inserted = await db.insertInto('stored_files').values(row)
        .onConflict(conflict => options.replace
          ? conflict.column('file_key').doUpdateSet({ mime: row.mime, size: row.size, hash: row.hash, created_at: row.created_at, uploaded_by: row.uploaded_by })
          : conflict.column('file_key').doNothing())
        .executeTakeFirst()
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
        // another upload took the key between the check and the insert
        await rm(temporary, { force: true })
        const winner = await get(key)
        if (winner) return { status: winner.hash === hash ? 'same' : 'exists', file: winner }
      }
      await rename(temporary, target)
    } catch (error) {
      await rm(temporary, { force: true })
      throw error
    }
    return { status: 'stored', file: toFile(row) }
  }

  async function discardContent (key: string): Promise<void> {
    if (!await get(key)) await rm(pathOf(key), { force: true })
  }

  return { put, get, discardContent }
}

/**
 * The paged lists of the API: live items of a server or channel and messages of a
 * channel (newest first). Messages carry their author; posts are in ./posts.ts.
 */
import { sql } from 'kysely'
import type { LiveCommentFlag, LiveFlag, LiveItem, MediaType, Message } from '@core/wire/entities'
import type { Paged } from '@core/wire/api'
import type { Db, LivesTable } from '../db/schema'
import { readPage, type PageRequest } from './paging'
import { toUser } from './users'

/** The wire live item of a row. */
export function toLiveItem (row: LivesTable): LiveItem {
  return {
    live_id: row.live_id,
    server_id: row.server_id,
    channel_id: row.channel_id,
    type: row.type as MediaType,
    is_live: row.is_live as LiveFlag,
    play_url: row.play_url,
    started_at: row.started_at,
    duration: row.duration,
    title: row.title,
    cover: row.cover,
    can_comment: row.can_comment as LiveCommentFlag,
  }
}

/** Whose live items to list: a server's in the channels named (those its reader may see), or one channel's. */
export type LiveScope = { server_id: string, channel_ids: readonly string[] } | { channel_id: string }

/** Reads the paged lists. */
export interface FeedsRepository {
  /** Live items by start time, newest first; unscheduled ones last. */
  lives (scope: LiveScope, page: PageRequest): Promise<Paged<LiveItem>>
  messages (channelId: string, page: PageRequest): Promise<Paged<Message>>
}

const AUTHOR_COLUMNS = ['users.uid', 'users.user_type', 'users.addtime', 'users.nickname', 'users.avatar', 'users.signature', 'users.gender'] as const

/** The feeds repository on `db`. */
export function createFeedsRepository (db: Db): FeedsRepository {
  return {
    async lives (scope, page) {
      const base = 'server_id' in scope
        // no channel to see is an empty page (`in ()` is no SQL): the empty string names no channel
        ? db.selectFrom('lives').where('server_id', '=', scope.server_id).where('channel_id', 'in', scope.channel_ids.length > 0 ? [...scope.channel_ids] : [''])
        : db.selectFrom('lives').where('channel_id', '=', scope.channel_id)
      return readPage(page,
        async ({ limit, offset }) => (await base.selectAll().orderBy(sql`coalesce(started_at, 0)`, 'desc').orderBy('live_id').limit(limit).offset(offset).execute()).map(toLiveItem),
        () => base.select(eb => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow())
    },
    async messages (channelId, page) {
      return readPage(page,
        async ({ limit, offset }) => (await db.selectFrom('messages').innerJoin('users', 'users.uid', 'messages.author_uid')
          .select(['messages.message_id', 'messages.channel_id', 'messages.content', 'messages.created_at', ...AUTHOR_COLUMNS])
          .where('messages.channel_id', '=', channelId)
          .orderBy('messages.message_id', 'desc').limit(limit).offset(offset).execute())
          .map(row => ({ message_id: row.message_id, channel_id: row.channel_id, author: toUser(row), content: row.content, created_at: row.created_at })),
        () => db.selectFrom('messages').where('channel_id', '=', channelId).select(eb => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow())
    },
  }
}

/**
 * Reading starts at the join: a new member's read position in each channel of the server
 * is set at its newest message, inside the transaction that makes them a member, so no
 * message written before they came counts as unread — exactly, whatever second it was
 * written in (the join time alone is kept to the second).
 */
import type { Db } from '../db/schema'

/** Sets `uid`'s read position in every channel of `serverId` at its newest message (channels they already have a position in keep it). */
export async function startReadingAtJoin (db: Db, serverId: string, uid: string): Promise<void> {
  const newest = await db.selectFrom('messages').select(['channel_id', eb => eb.fn.max('message_id').as('newest')])
    .where('server_id', '=', serverId).groupBy('channel_id').execute()
  if (newest.length === 0) return
  await db.insertInto('read_states')
    .values(newest.map(row => ({ uid, channel_id: row.channel_id, last_read_id: String(row.newest), mention_count: 0 })))
    .onConflict(conflict => conflict.columns(['uid', 'channel_id']).doNothing())
    .execute()
}

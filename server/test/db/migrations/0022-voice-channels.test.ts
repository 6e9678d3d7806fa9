/**
 * The migration of voice channels: existing voice channels take the default room settings
 * (other channels none), and every server's @everyone gains Connect and Speak, keeping its
 * other bits; another role is left as it was.
 */
import type { Kysely } from 'kysely'
import { Permission } from '@core/domain/permissions'
import { ChannelType } from '@core/wire/codes'
import { VOICE_BITRATE_DEFAULT, VOICE_USER_LIMIT_DEFAULT } from '@core/wire/voice-codes'
import { down, up } from '../../../src/db/migrations/0022-voice-channels'
import { appDatabaseForMigrations } from './app-database'

const SERVER = '723658'
const VOICE_BITS = Permission.Connect | Permission.Speak

const opened = appDatabaseForMigrations()

const permissionsOf = async (roleId: string): Promise<number> => Number((await opened.db().selectFrom('roles').select('permissions').where('role_id', '=', roleId).executeTakeFirstOrThrow()).permissions)

describe('0022-voice-channels', () => {
  it('gives @everyone of every server Connect and Speak and leaves other roles and bits as they were', async () => {
    await down(opened.db() as unknown as Kysely<unknown>)
    const everyoneBefore = await permissionsOf(SERVER)
    const moderatorBefore = await permissionsOf(`${SERVER}-moderator`)
    expect(everyoneBefore & VOICE_BITS).toBe(0)
    await up(opened.db() as unknown as Kysely<unknown>)
    expect(await permissionsOf(SERVER)).toBe(everyoneBefore | VOICE_BITS)
    expect(await permissionsOf(`${SERVER}-moderator`)).toBe(moderatorBefore)
  })

  it('gives voice channels the default user limit and bitrate, and no other channel any', async () => {
    const rows = await opened.db().selectFrom('channels').select(['channel_type', 'user_limit', 'bitrate']).where('server_id', '=', SERVER).execute()
    for (const row of rows) {
      const expected = row.channel_type === ChannelType.Voice ? [VOICE_USER_LIMIT_DEFAULT, VOICE_BITRATE_DEFAULT] : [null, null]
      expect([row.user_limit, row.bitrate]).toEqual(expected)
    }
  })
})

/**
 * Demo set-up only (not part of the bot): the seeded servers' owner has no way to sign in
 * on this reference server, so this prints a fresh bot token for 小助手 (C_200001)
 * written straight into the local database (the same DATA_DIR / DATABASE_URL as `npm
 * start`). With a real owner account, `POST /servers/:id/bots/C_200001/token` does the same.
 */
import { loadConfig } from '../../server/src/config'
import { openDatabase } from '../../server/src/db/dialects'
import { migrateToLatest } from '../../server/src/db/migrate'
import { createBotsRepository } from '../../server/src/repositories/bots'
import { DEMO_OWNER_UID } from '../../server/src/db/seed/demo-data'

const SERVER_ID = '832828'
const BOT_UID = 'C_200001'

async function main (): Promise<void> {
  const config = loadConfig(process.env)
  const { db, dialect } = await openDatabase(config)
  try {
    await migrateToLatest(db, dialect === 'postgres' ? config.databaseSchema ?? 'public' : undefined)
    const now = Math.floor(Date.now() / 1000)
    const bot = await createBotsRepository(db).resetToken(SERVER_ID, BOT_UID, { server_id: SERVER_ID, actor_uid: DEMO_OWNER_UID, action: 'bot_token_reset', target_id: BOT_UID, created_at: now })
    if (!bot) throw new Error(`${BOT_UID} is not a bot of server ${SERVER_ID}: start the server once first (it seeds the demo)`)
    console.log(bot.token)
  } finally {
    await db.destroy()
  }
}

main().catch(error => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})

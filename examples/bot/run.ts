/**
 * `OPENREALM_URL=http://localhost:3000 OPENREALM_BOT_TOKEN=bot.… npx tsx examples/bot/run.ts`
 * runs the example bot until Ctrl-C.
 */
import { startBot } from './bot'

const token = process.env.OPENREALM_BOT_TOKEN
if (!token) {
  console.error('OPENREALM_BOT_TOKEN is not set: the server owner gets one from POST /servers/:id/bots (see examples/bot/README.md)')
  process.exit(1)
}
const bot = startBot({ baseUrl: process.env.OPENREALM_URL || 'http://localhost:3000', token })
process.on('SIGINT', () => { bot.stop(); process.exit(0) })

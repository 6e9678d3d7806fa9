/**
 * What the example bot answers: `/help` lists the commands, `/roll` throws dice
 * (`/roll`, `/roll 20`, `/roll 3d6`). Pure, so it is tested without a server.
 */

/** Most dice one `/roll` throws, and the most sides a die may have. */
export const MAX_DICE = 10
export const MAX_SIDES = 1000

/** The help text. */
export const HELP_TEXT = '我会这些指令 / Commands:\n/help — 这份说明 / this help\n/roll [N]d[M] — 掷骰子，例如 /roll、/roll 20、/roll 3d6 / roll dice'

/** The reply to `content`, or null when it is not a command for the bot. `random` gives [0, 1). */
export function answerCommand (content: string, random: () => number = Math.random): string | null {
  const [command, argument = ''] = content.trim().split(/\s+/, 2)
  if (command === '/help') return HELP_TEXT
  if (command !== '/roll') return null
  const dice = /^(?:(\d{1,3})d)?(\d{1,4})?$/i.exec(argument)
  const count = Number(dice?.[1] ?? 1)
  const sides = Number(dice?.[2] ?? 6)
  if (!dice || count < 1 || count > MAX_DICE || sides < 2 || sides > MAX_SIDES) return `用法 / usage: /roll [N]d[M]，N 1–${MAX_DICE}，M 2–${MAX_SIDES}`
  const throws = Array.from({ length: count }, () => 1 + Math.floor(random() * sides))
  const total = throws.reduce((sum, value) => sum + value, 0)
  return count === 1 ? `🎲 ${total} (d${sides})` : `🎲 ${throws.join(' + ')} = ${total} (${count}d${sides})`
}

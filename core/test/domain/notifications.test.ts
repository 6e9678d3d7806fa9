import { isSilenced, type SourceMutes } from '@core/domain/notifications'

const OPEN: SourceMutes = { serverMuted: false, everyoneSuppressed: false, channelMuted: false }

describe('isSilenced', () => {
  it('lets everything through from a source nobody muted', () => {
    for (const kind of ['mention', 'reply', 'reaction', 'comment', 'moderation', 'direct_message'] as const) expect(isSilenced(kind, false, OPEN)).toBe(false)
    expect(isSilenced('mention', true, OPEN)).toBe(false)
  })

  it('silences replies, reactions, comments and @全体成员 from a muted server or channel, never a direct mention, a moderation act or a direct message', () => {
    for (const mutes of [{ ...OPEN, serverMuted: true }, { ...OPEN, channelMuted: true }]) {
      expect(['reply', 'reaction', 'comment'].map(kind => isSilenced(kind as 'reply', false, mutes))).toEqual([true, true, true])
      expect(isSilenced('mention', true, mutes)).toBe(true)
      expect([isSilenced('mention', false, mutes), isSilenced('moderation', false, mutes), isSilenced('direct_message', false, mutes)]).toEqual([false, false, false])
    }
  })

  it('silences only @全体成员 when the server suppresses it', () => {
    const mutes = { ...OPEN, everyoneSuppressed: true }
    expect([isSilenced('mention', true, mutes), isSilenced('mention', false, mutes), isSilenced('reply', false, mutes)]).toEqual([true, false, false])
  })
})

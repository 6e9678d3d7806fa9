import { isSilenced, notificationPagePath, notificationTarget, type SourceMutes } from '@core/domain/notifications'
import type { Notification } from '@core/wire/notifications'

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

/** A mention numbered `n`, with `overrides`. */
function notification (n: number, overrides: Partial<Notification> = {}): Notification {
  return {
    notification_id: `1${String(n).padStart(18, '0')}`,
    kind: 'mention',
    actor: null,
    server_id: 's1',
    channel_id: 'c1',
    message_id: `m${n}`,
    post_id: null,
    comment_id: null,
    excerpt: `text ${n}`,
    act: '',
    created_at: 1_700_000_000 + n,
    read: false,
    deleted: false,
    ...overrides,
  }
}

describe('notificationTarget', () => {
  it('opens a post, a message in its channel\'s history around it, or the server of a moderation act (nothing for a kick or ban)', () => {
    expect(notificationTarget(notification(1, { kind: 'comment', post_id: 'p1' }))).toEqual({ page: 'post', query: { server_id: 's1', post_id: 'p1' } })
    expect(notificationTarget(notification(1))).toEqual({ page: 'channel', query: { server_id: 's1', channel_id: 'c1', around: 'm1' } })
    const moderation = { kind: 'moderation' as const, channel_id: null, message_id: null }
    expect(notificationTarget(notification(1, { ...moderation, act: 'timeout' }))).toEqual({ page: 'index', query: { sid: 's1' } })
    expect(notificationTarget(notification(1, { ...moderation, act: 'ban' }))).toBeNull()
  })

  it('leaves out what a notification does not carry: no server, no message', () => {
    expect(notificationTarget(notification(1, { kind: 'comment', server_id: null, post_id: 'p1' }))).toEqual({ page: 'post', query: { post_id: 'p1' } })
    expect(notificationTarget(notification(1, { message_id: null }))).toEqual({ page: 'channel', query: { server_id: 's1', channel_id: 'c1' } })
  })

  it('opens a direct message\'s conversation', () => {
    const direct = notification(1, { kind: 'direct_message', server_id: null, channel_id: 'dm1', message_id: 'm1' })
    expect(notificationTarget(direct)).toEqual({ page: 'conversation', query: { conversation_id: 'dm1' } })
    expect(notificationTarget({ ...direct, channel_id: null })).toBeNull()
  })
})

describe('notificationPagePath', () => {
  it('is the page path with its query, encoded, as a subscribe message and a Web Push open it; null where nothing opens', () => {
    expect(notificationPagePath(notification(1))).toBe('pages/channel/index?server_id=s1&channel_id=c1&around=m1')
    expect(notificationPagePath(notification(1, { kind: 'direct_message', server_id: null, channel_id: 'a b' }))).toBe('pages/conversation/index?conversation_id=a%20b')
    expect(notificationPagePath(notification(1, { kind: 'moderation', act: 'ban', channel_id: null, message_id: null }))).toBeNull()
  })
})

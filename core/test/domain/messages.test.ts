import { ChannelKind, ChannelType } from '@core/wire/codes'
import {
  characterCount, isChatChannel, isReactionEmoji, mentionedUids, mentionsEveryone, withMentionNames, messageContentOf, MESSAGE_CONTENT_MAX_LENGTH, MESSAGE_MENTIONS_MAX, replyPreviewOf, sendableContentOf,
} from '@core/domain/messages'

describe('message content', () => {
  it('is stored trimmed', () => {
    expect(messageContentOf('  hi there \n')).toBe('hi there')
  })

  it('is refused when blank', () => {
    expect(messageContentOf(' \n\t ')).toBeNull()
    expect(messageContentOf('')).toBeNull()
  })

  it('holds up to 2000 characters, an emoji counting as one', () => {
    expect(messageContentOf('😀'.repeat(MESSAGE_CONTENT_MAX_LENGTH))).not.toBeNull()
    expect(messageContentOf('a'.repeat(MESSAGE_CONTENT_MAX_LENGTH + 1))).toBeNull()
    expect(characterCount('a😀b')).toBe(3)
  })

  it('may be empty when the message carries pictures, never over the limit', () => {
    expect([sendableContentOf('  ', 1), sendableContentOf('', 0), sendableContentOf(' 看 ', 0), sendableContentOf('a'.repeat(MESSAGE_CONTENT_MAX_LENGTH + 1), 2)]).toEqual(['', null, '看', null])
  })
})

describe('withMentionNames', () => {
  it('writes each mention as @nickname, and an unknown member as @uid', () => {
    const names: Record<string, string> = { 100001: '林晓' }
    expect(withMentionNames('<@100001> 看 <@B_x> 和 <@100001>', uid => names[uid] ?? null)).toBe('@林晓 看 @B_x 和 @林晓')
  })
})

describe('mentionsEveryone', () => {
  it('finds @全体成员 anywhere in the text, and nothing in a message without it', () => {
    expect([mentionsEveryone('@全体成员 今晚八点开会'), mentionsEveryone('开会了@全体成员'), mentionsEveryone('全体成员 开会'), mentionsEveryone('@全体')]).toEqual([true, true, false, false])
  })
})

describe('mentionedUids', () => {
  it('reads every <@uid> once, in order', () => {
    expect(mentionedUids('hi <@100001> and <@C_200001>, <@100001> again')).toEqual(['100001', 'C_200001'])
  })

  it('ignores text that only looks like a mention', () => {
    expect(mentionedUids('<@> <@a b> <100001> @100001 <@x;y>')).toEqual([])
  })

  it('stops at 20 members', () => {
    const content = Array.from({ length: 30 }, (_unused, index) => `<@u${index}>`).join(' ')
    expect(mentionedUids(content)).toHaveLength(MESSAGE_MENTIONS_MAX)
  })
})

describe('isReactionEmoji', () => {
  it.each(['👍', '❤️', '👨‍👩‍👧', '🇨🇳', '1️⃣', '👋🏽', '🎉'])('takes %s', emoji => {
    expect(isReactionEmoji(emoji)).toBe(true)
  })

  it.each(['', 'a', '1', '#', '<b>', 'ok👍', '👍 ', '👍'.repeat(17)])('refuses %j', text => {
    expect(isReactionEmoji(text)).toBe(false)
  })
})

describe('replyPreviewOf', () => {
  it('keeps the first 100 characters without splitting an emoji', () => {
    expect(replyPreviewOf('😀'.repeat(150))).toBe('😀'.repeat(100))
    expect(replyPreviewOf('short')).toBe('short')
  })
})

describe('isChatChannel', () => {
  it('is true for discussion channels, interaction ones included, and false for groups and other types', () => {
    expect(isChatChannel({ channel_type: ChannelType.Discussion, kind: ChannelKind.Channel })).toBe(true)
    expect(isChatChannel({ channel_type: ChannelType.Discussion, kind: ChannelKind.Interaction })).toBe(true)
    expect(isChatChannel({ channel_type: ChannelType.Discussion, kind: ChannelKind.Group })).toBe(false)
    expect(isChatChannel({ channel_type: ChannelType.Post, kind: ChannelKind.Channel })).toBe(false)
  })
})

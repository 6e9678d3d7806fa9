import { ChannelKind, ChannelType } from '@core/wire/codes'
import { Permission } from '@core/domain/permissions'
import { mayPin, pinRefusal, PINS_PER_CHANNEL_MAX } from '@core/domain/pins'

const discussion = { channel_type: ChannelType.Discussion, kind: ChannelKind.Channel }
const room = { count: 0, already: false }

describe('mayPin', () => {
  it('lets a member holding ManageMessages pin, and nobody else, whatever else they hold', () => {
    expect([
      mayPin(Permission.ManageMessages),
      mayPin(Permission.ManageMessages | Permission.SendMessages),
      mayPin(Permission.SendMessages | Permission.ViewChannel),
      mayPin(0),
    ]).toEqual([true, true, false, false])
  })
})

describe('pinRefusal', () => {
  it('accepts a member message of a discussion channel with room for it', () => {
    expect(pinRefusal(discussion, {}, room)).toBeNull()
    expect(pinRefusal(discussion, { notice: null }, { count: PINS_PER_CHANNEL_MAX - 1, already: false })).toBeNull()
  })

  it('refuses channels members do not chat in: voice, post, plaza and group headers', () => {
    expect([
      pinRefusal({ channel_type: ChannelType.Voice, kind: ChannelKind.Channel }, {}, room),
      pinRefusal({ channel_type: ChannelType.Post, kind: ChannelKind.Channel }, {}, room),
      pinRefusal({ channel_type: ChannelType.GamePlaza, kind: ChannelKind.Channel }, {}, room),
      pinRefusal({ channel_type: ChannelType.Discussion, kind: ChannelKind.Group }, {}, room),
    ]).toEqual(['not_chat', 'not_chat', 'not_chat', 'not_chat'])
  })

  it('refuses a system line: the announcement of a pin is no message to pin', () => {
    expect(pinRefusal(discussion, { notice: { kind: 'pin' } }, room)).toBe('notice')
  })

  it(`refuses a new pin once the channel holds ${PINS_PER_CHANNEL_MAX}, but not a message already pinned`, () => {
    expect(pinRefusal(discussion, {}, { count: PINS_PER_CHANNEL_MAX, already: false })).toBe('full')
    expect(pinRefusal(discussion, {}, { count: PINS_PER_CHANNEL_MAX, already: true })).toBeNull()
  })
})

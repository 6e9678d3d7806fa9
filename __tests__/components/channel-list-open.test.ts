import { ChannelType } from '@core/wire/entities'
import { channelActionOf } from '@/components/channel-list/open-channel'

describe('what a tap on a channel leads to', () => {
  it.each([
    [ChannelType.Discussion, 'channel'], [ChannelType.Post, 'channel'], [ChannelType.Live, 'channel'], [ChannelType.LiveBanner, 'channel'],
    [ChannelType.Metaverse, 'space'], [ChannelType.Voice, 'voice'], [ChannelType.ExternalLink, 'link'],
    [ChannelType.GamePlaza, 'plaza'], [0, 'unsupported'], [99, 'unsupported'],
  ])('a channel of type %p leads to %p', (type, action) => {
    expect(channelActionOf(type)).toBe(action)
  })
})

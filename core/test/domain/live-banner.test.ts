import { ChannelKind, ChannelType } from '@core/wire/codes'
import type { Channel } from '@core/wire/entities'
import { bannerEntryOf, liveBannerChannelOf } from '@core/domain/live-banner'
import type { LiveState } from '@core/domain/live-state'

const channel = (channelId: string, type: number, kind: number = ChannelKind.Channel) => ({ channel_id: channelId, channel_type: type, kind }) as unknown as Channel
const entry = (channelId: string, state: LiveState, id: string) => ({ item: { channel_id: channelId, live_id: id }, state })

describe('Home\'s live banner', () => {
  it('is the first type 13 channel that is not a group header', () => {
    expect(liveBannerChannelOf([channel('1', ChannelType.LiveBanner, ChannelKind.Group), channel('2', 1), channel('3', ChannelType.LiveBanner)])?.channel_id).toBe('3')
    expect(liveBannerChannelOf([channel('2', 1)])).toBeUndefined()
  })

  it('features its own item on air, else its first item, else any item on air, else nothing', () => {
    const banner = channel('b', ChannelType.LiveBanner)
    expect(bannerEntryOf(banner, [entry('b', 'ended', '1'), entry('x', 'live', '2'), entry('b', 'live', '3')])?.item.live_id).toBe('3')
    expect(bannerEntryOf(banner, [entry('x', 'live', '2'), entry('b', 'order', '4'), entry('b', 'ended', '1')])?.item.live_id).toBe('4')
    expect(bannerEntryOf(banner, [entry('x', 'ended', '5'), entry('x', 'live', '2')])?.item.live_id).toBe('2')
    expect(bannerEntryOf(banner, [entry('x', 'ended', '5')])).toBeNull()
    expect(bannerEntryOf(undefined, [entry('x', 'live', '2')])).toBeNull()
  })
})

import { ChannelType } from '@core/wire/codes'
import {
  CHANNEL_TYPES, channelOpens, channelTypeHas, channelTypeLabelKey, channelTypeTraits, KNOWN_CHANNEL_TYPES, opensOnChannelPage, type ChannelOpens, type ChannelTypeFlag,
} from '@core/domain/channel-types'

/** The types that have `flag`, in ascending order. */
const typesWith = (flag: ChannelTypeFlag) => KNOWN_CHANNEL_TYPES.filter(type => channelTypeHas(type, flag))

describe('the channel type table (SPEC §4)', () => {
  it('has a row for every type of the enum and for nothing else, in ascending order', () => {
    const enumTypes = Object.values(ChannelType).filter((value): value is ChannelType => typeof value === 'number')
    expect([...KNOWN_CHANNEL_TYPES]).toEqual([...enumTypes].sort((a, b) => a - b))
    expect([...KNOWN_CHANNEL_TYPES]).toEqual([1, 2, 3, 8, 10, 11, 12, 13])
  })

  it.each<[ChannelType, ChannelOpens]>([
    [ChannelType.Discussion, 'chat'], [ChannelType.Voice, 'voice'], [ChannelType.Post, 'posts'], [ChannelType.Metaverse, 'space'],
    [ChannelType.GamePlaza, 'plaza'], [ChannelType.ExternalLink, 'link'], [ChannelType.Live, 'live'], [ChannelType.LiveBanner, 'live'],
  ])('opens type %d as %p', (type, opens) => {
    expect(channelOpens(type)).toBe(opens)
  })

  it('opens a type this version does not know as not supported, with no traits', () => {
    expect([channelOpens(0), channelOpens(99), channelTypeTraits(99), channelTypeHas(99, 'carriesChat')]).toEqual(['unsupported', 'unsupported', null, false])
  })

  it('says what each type carries: chat 1, posts 3, a space 8, live items 12 and 13, voice 2, a game plaza 10; Home features 13', () => {
    expect(typesWith('creatable')).toEqual([1, 3, 8])
    expect(typesWith('carriesChat')).toEqual([1])
    expect(typesWith('carriesPosts')).toEqual([3])
    expect(typesWith('carriesSpace')).toEqual([8])
    expect(typesWith('carriesLive')).toEqual([12, 13])
    expect(typesWith('featuredOnHome')).toEqual([13])
    expect(typesWith('carriesVoice')).toEqual([2])
    expect(typesWith('carriesGame')).toEqual([10])
  })

  it('draws chat, posts and live items on the channel page; a space, a voice room, a plaza, a link and the unsupported lead elsewhere', () => {
    const onPage = (['chat', 'posts', 'live', 'space', 'voice', 'plaza', 'link', 'unsupported'] as const).filter(opensOnChannelPage)
    expect(onPage).toEqual(['chat', 'posts', 'live'])
  })

  it('names each type by its own message key and gives each default icon its own letter', () => {
    expect(KNOWN_CHANNEL_TYPES.map(type => channelTypeLabelKey(type))).toEqual(KNOWN_CHANNEL_TYPES.map(type => `settingsChannelType${type}`))
    const letters = KNOWN_CHANNEL_TYPES.map(type => CHANNEL_TYPES[type].iconLetter)
    expect(letters).toEqual(['聊', '音', '帖', '界', '玩', '链', '播', '荐'])
  })
})

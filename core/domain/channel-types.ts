/**
 * SPEC §4: every channel type's rules in one table — what opening a channel of the type
 * shows, whether members may create it, what it carries (chat, posts, live items, a space,
 * voice, a game), its name's message key and its default icon's letter. Client and server
 * read these rows instead of comparing types; adding a type is one enum value and one row
 * (docs/recipes/add-a-channel-type.md). Pure.
 */
import { ChannelType } from '../wire/codes'

/**
 * What opening a channel of a type shows on the client: its chat, its post feed, its live
 * items (the channel page), its gather space, its voice room, its game plaza (the lobby of
 * tables, core/wire/plaza.ts), a confirmed jump to its external link, or the "not supported
 * yet" answer (SPEC §8: 暂不支持该功能).
 */
export type ChannelOpens = 'chat' | 'posts' | 'live' | 'space' | 'voice' | 'plaza' | 'link' | 'unsupported'

/** The openings the channel page draws itself; the others lead elsewhere (a space, a link) or nowhere. */
export type ChannelPageOpens = Extract<ChannelOpens, 'chat' | 'posts' | 'live'>

/** True when the channel page draws what `opens` shows (a chat, a post feed, live items). */
export function opensOnChannelPage (opens: ChannelOpens): opens is ChannelPageOpens {
  return opens === 'chat' || opens === 'posts' || opens === 'live'
}

/** The message-table key of a type's name (each language's table holds the text). */
export type ChannelTypeLabelKey = `settingsChannelType${ChannelType}`

/**
 * The message key of a known type's name. Made from the type rather than written in its row,
 * so the first load, which holds this table, names no key of the pages' message part; the
 * type still makes `t` refuse a type whose name a table lacks.
 */
export function channelTypeLabelKey (type: ChannelType): ChannelTypeLabelKey {
  return `settingsChannelType${type}`
}

/** The rules of one channel type. */
export interface ChannelTypeTraits {
  /** What opening a channel of this type shows. */
  opens: ChannelOpens
  /** SPEC §4, §6: members may create channels of this type (1, 3 and 8 only). */
  creatable: boolean
  /** Members write messages in it (a group header of any type carries none, core/domain/messages.ts). */
  carriesChat: boolean
  /** It holds a feed of posts with their comments. */
  carriesPosts: boolean
  /** It lists live items (streams and recordings) and plays one. */
  carriesLive: boolean
  /** It has a showroom: the gather space's map, made with the channel, its hosts and its count. */
  carriesSpace: boolean
  /** It is a voice room: members join it over the gateway (voice_join) and talk (docs/voice.md); it has a user limit and a bitrate. */
  carriesVoice: boolean
  /** It is a game plaza: a lobby of tables where members play the games the server referees (core/wire/plaza.ts, docs/games.md). */
  carriesGame: boolean
  /** SPEC §2, §4: Home's live banner is the first channel of this type. */
  featuredOnHome: boolean
  /** The letter its default icon shows (`/files/seed/icon-type-<type>.svg`). */
  iconLetter: string
}

/** Every yes-or-no trait as no: a row names only the traits it has. */
const NO_TRAITS = {
  creatable: false,
  carriesChat: false,
  carriesPosts: false,
  carriesLive: false,
  carriesSpace: false,
  carriesVoice: false,
  carriesGame: false,
  featuredOnHome: false,
} as const

/** SPEC §4: each channel type's rules (the compiler names a type without its row). */
export const CHANNEL_TYPES: Readonly<Record<ChannelType, Readonly<ChannelTypeTraits>>> = {
  [ChannelType.Discussion]: { ...NO_TRAITS, opens: 'chat', creatable: true, carriesChat: true, iconLetter: '聊' },
  [ChannelType.Voice]: { ...NO_TRAITS, opens: 'voice', carriesVoice: true, iconLetter: '音' },
  [ChannelType.Post]: { ...NO_TRAITS, opens: 'posts', creatable: true, carriesPosts: true, iconLetter: '帖' },
  [ChannelType.Metaverse]: { ...NO_TRAITS, opens: 'space', creatable: true, carriesSpace: true, iconLetter: '界' },
  [ChannelType.GamePlaza]: { ...NO_TRAITS, opens: 'plaza', carriesGame: true, iconLetter: '玩' },
  [ChannelType.ExternalLink]: { ...NO_TRAITS, opens: 'link', iconLetter: '链' },
  [ChannelType.Live]: { ...NO_TRAITS, opens: 'live', carriesLive: true, iconLetter: '播' },
  [ChannelType.LiveBanner]: { ...NO_TRAITS, opens: 'live', carriesLive: true, featuredOnHome: true, iconLetter: '荐' },
}

/** Every channel type this version knows, in ascending order. */
export const KNOWN_CHANNEL_TYPES: readonly ChannelType[] = Object.keys(CHANNEL_TYPES).map(Number)

/** True for a channel type this version knows (one with a row). */
export function isKnownChannelType (type: number): type is ChannelType {
  return type in CHANNEL_TYPES
}

/** The rules of channel type `type`, or null for a type this version does not know (it opens as not supported and carries nothing). */
export function channelTypeTraits (type: number): Readonly<ChannelTypeTraits> | null {
  return isKnownChannelType(type) ? CHANNEL_TYPES[type] : null
}

/** A yes-or-no trait of a channel type (`creatable`, `carriesChat`, …). */
export type ChannelTypeFlag = keyof typeof NO_TRAITS

/** True when channel type `type` has trait `flag` (a type this version does not know has none). */
export function channelTypeHas (type: number, flag: ChannelTypeFlag): boolean {
  return channelTypeTraits(type)?.[flag] === true
}

/** What opening a channel of type `type` shows ('unsupported' for a type this version does not know). */
export function channelOpens (type: number): ChannelOpens {
  return channelTypeTraits(type)?.opens ?? 'unsupported'
}

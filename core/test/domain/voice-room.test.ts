import { isDeafened, isSilenced, maySpeakWith, voiceSettingsFor } from '@core/domain/voice-room'
import { Permission } from '@core/domain/permissions'
import { ChannelType } from '@core/wire/codes'
import { VOICE_BITRATE_DEFAULT, VOICE_USER_LIMIT_DEFAULT } from '@core/wire/voice-codes'

const HEARD = { mute: false, self_mute: false }
const SPEAKS = Permission.Connect | Permission.Speak

describe('voice rooms', () => {
  it('gives a new voice channel the default limit and bitrate, and another type none', () => {
    expect(voiceSettingsFor(ChannelType.Voice)).toEqual({ user_limit: VOICE_USER_LIMIT_DEFAULT, bitrate: VOICE_BITRATE_DEFAULT })
    expect(voiceSettingsFor(ChannelType.Discussion)).toBeNull()
    expect(voiceSettingsFor(99)).toBeNull()
  })

  it.each([
    ['a member with Speak', HEARD, SPEAKS, false],
    ['a server-muted member', { ...HEARD, mute: true }, SPEAKS, true],
    ['a self-muted member', { ...HEARD, self_mute: true }, SPEAKS, true],
    ['a member without Speak (a timeout)', HEARD, Permission.Connect, true],
  ])('decides whether %s is silenced', (_, flags, bits, silenced) => {
    expect(isSilenced(flags, maySpeakWith(bits))).toBe(silenced)
  })

  it('deafens a member deafened by a moderator or by themselves', () => {
    expect([isDeafened({ deaf: false, self_deaf: false }), isDeafened({ deaf: true, self_deaf: false }), isDeafened({ deaf: false, self_deaf: true })]).toEqual([false, true, true])
  })
})

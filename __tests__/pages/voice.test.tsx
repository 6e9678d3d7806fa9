import { Permission } from '@core/domain/permissions'
import type { MyPermissions } from '@core/wire/trust'
import type { VoiceState } from '@core/wire/voice'
import VoicePage from '@/pages/voice/index'
import type { TrustApi } from '@/services/api/trust'
import type { RootStore } from '@/stores/root-store'
import { fakeConnector } from '../stores/support/fake-socket'
import { ChannelType } from '@core/wire/entities'
import { channel, failedRequest, fakeApi, user } from '../stores/support/fakes'
import { fakeBrowser, type FakeBrowser } from '../stores/voice/fake-webrtc'
import { mountPage, unmountPages } from '../support/page-harness'
import { forgetHooks } from './home-taro-hooks'

jest.mock('@tarojs/taro', () => jest.requireActual('./home-taro-hooks').recordingTaro())

const ME = user({ uid: 'me', nickname: '林晓', user_type: 2 })
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36'

function inRoom (uid: string, nickname: string, joinedAt: number, overrides: Partial<VoiceState> = {}): VoiceState {
  return { server_id: '723658', channel_id: 'c-voice', uid, nickname, avatar: '', mute: false, deaf: false, self_mute: false, self_deaf: false, joined_at: joinedAt, rank: null, ...overrides }
}

/** The trust calls answering my permissions in the voice channel with `bits`, holding a role at `rank` (1: just below the top). */
function trustWith (bits: number, rank: number | null = 1): TrustApi {
  const mine: MyPermissions = { server_id: '723658', is_member: true, is_owner: false, permissions: 0, channels: [{ channel_id: 'c-voice', permissions: bits }], role_ids: ['admin'], timeout_until: null, rank }
  return { myPermissions: jest.fn().mockResolvedValue(mine) } as unknown as TrustApi
}

async function openVoice (options: { items?: VoiceState[], bits?: number, rank?: number | null, browser?: FakeBrowser } = {}) {
  const voice = { states: jest.fn(async () => ({ items: options.items ?? [] })), moderate: jest.fn(), disconnect: jest.fn(async () => null) }
  const connect = fakeConnector()
  const page = await mountPage(VoicePage, {
    params: { channel_id: 'c-voice', server_id: '723658' },
    signedIn: ME,
    trust: trustWith(options.bits ?? Permission.Connect | Permission.Speak, options.rank),
    voice,
    voiceRuntime: (options.browser ?? fakeBrowser()).runtime,
    gateway: connect,
    beforeMount: (root: RootStore) => root.session.restore(),
  })
  await page.settle()
  return { page, voice, connect }
}

const tiles = () => Array.from(document.querySelectorAll('[data-testid^="voice-tile-"]'))
const buttons = () => Array.from(document.querySelectorAll('.voice-tile__action')).map(node => node.textContent)

afterEach(() => {
  unmountPages()
  forgetHooks()
  jest.restoreAllMocks()
})

describe('voice room page', () => {
  it('shows a tile per member, before joining, with their own and the server\'s marks and a ring on whoever speaks', async () => {
    const { page } = await openVoice({ items: [inRoom('u2', '小周', 2, { self_mute: true }), inRoom('u1', '阿宁', 1, { mute: true, deaf: true })] })
    expect(tiles().map(tile => tile.getAttribute('data-testid'))).toEqual(['voice-tile-u1', 'voice-tile-u2'])
    expect(tiles()[0].textContent).toContain('阿宁')
    expect(tiles()[0].textContent).toContain('被管理员静音')
    expect(tiles()[0].textContent).toContain('被管理员关闭声音')
    expect(tiles()[1].textContent).toContain('已静音')
    await page.testUtils.act(async () => { page.root.voiceStates.speaking.add('u2') })
    expect(tiles().map(tile => tile.getAttribute('data-speaking'))).toEqual(['false', 'true'])
    expect(document.querySelector('[data-testid="voice-join"]')?.textContent).toBe('加入语音')
  })

  it('names the room from its server\'s channel list when a link opens it directly', async () => {
    const api = fakeApi()
    api.listChannels.mockResolvedValue([{ group: null, channels: [channel('c-voice', { channel_type: ChannelType.Voice, name: '语音茶室' })] }])
    const page = await mountPage(VoicePage, { api, params: { channel_id: 'c-voice', server_id: '723658' }, voiceRuntime: fakeBrowser().runtime })
    await page.settle()
    expect(document.querySelector('.page-header__title')?.textContent).toBe('语音茶室')
  })

  it('says nobody is here yet, tap to join', async () => {
    const { page } = await openVoice()
    expect(page.text()).toContain('还没有人，点击加入')
  })

  it('says the room could not be loaded, and loads it again on a retry', async () => {
    const voice = { states: jest.fn().mockRejectedValueOnce(failedRequest()).mockResolvedValue({ items: [inRoom('u1', '阿宁', 1)] }), moderate: jest.fn(), disconnect: jest.fn() }
    const page = await mountPage(VoicePage, { params: { channel_id: 'c-voice', server_id: '723658' }, voice, voiceRuntime: fakeBrowser().runtime })
    await page.settle()
    expect(page.text()).toContain(failedRequest().message)
    await page.tap('.state-view__retry')
    await page.settle()
    expect(tiles()).toHaveLength(1)
  })

  it('hides every moderator action from a member without the bits', async () => {
    await openVoice({ items: [inRoom('u1', '阿宁', 1)] })
    expect(buttons()).toEqual([])
  })

  it('shows only the moderator actions the member\'s bits allow, and sends them', async () => {
    const { page, voice } = await openVoice({ items: [inRoom('u1', '阿宁', 1)], bits: Permission.Connect | Permission.MuteVoice | Permission.DisconnectMembers })
    expect(buttons()).toEqual(['禁止发言', '移出语音'])
    await page.tap('.voice-tile__action', '禁止发言')
    expect(voice.moderate).toHaveBeenCalledWith('723658', 'u1', { mute: true })
    await page.tap('.voice-tile__action', '移出语音')
    expect(voice.disconnect).toHaveBeenCalledWith('723658', 'u1')
  })

  it('shows an administrator no moderation on the owner\'s tile, nor on one at their own place, and all of it on a plain member\'s', async () => {
    const every = Permission.Connect | Permission.MuteVoice | Permission.DeafenMembers | Permission.DisconnectMembers
    await openVoice({ items: [inRoom('owner', '店主', 1, { rank: -1 }), inRoom('peer', '同级', 2, { rank: 1 }), inRoom('u1', '阿宁', 3)], bits: every, rank: 1 })
    const actionsOn = (uid: string) => Array.from(document.querySelectorAll(`[data-testid="voice-tile-${uid}"] .voice-tile__action`)).map(node => node.textContent)
    expect(actionsOn('owner')).toEqual([])
    expect(actionsOn('peer')).toEqual([])
    expect(actionsOn('u1')).toEqual(['禁止发言', '禁止收听', '移出语音'])
  })

  it('shows no moderation to a member whose bits come without a role (the role order puts them at the bottom)', async () => {
    await openVoice({ items: [inRoom('u1', '阿宁', 1)], bits: Permission.Connect | Permission.MuteVoice, rank: null })
    expect(buttons()).toEqual([])
  })

  it('joins in one tap: the microphone, then voice_join on the gateway, then the member\'s controls', async () => {
    const browser = fakeBrowser()
    const { page, connect } = await openVoice({ browser })
    page.root.gateway.start()
    connect.last().open()
    connect.last().deliver({ op: 'ready', d: { user: ME, protocol_version: 3, session_id: 's1', seq: 0, heartbeat_interval_ms: 30_000, server_ids: ['723658'] } })
    await page.tap('[data-testid="voice-join"]')
    await page.settle()
    expect(browser.asked).toHaveLength(1)
    expect(connect.last().sent.filter(frame => frame.op === 'voice_join')).toEqual([{ op: 'voice_join', d: { channel_id: 'c-voice', self_mute: false, self_deaf: false } }])
    expect(page.text()).toContain('正在加入…')
    expect(document.querySelector('[data-testid="voice-mute"]')?.textContent).toBe('静音')
    await page.tap('[data-testid="voice-mode-ptt"]')
    expect(page.text()).toContain('按住说话')
  })

  it('explains a refused microphone with this browser\'s way to allow it', async () => {
    const { page } = await openVoice({ browser: fakeBrowser({ refuse: 'NotAllowedError', userAgent: ANDROID_CHROME }) })
    await page.tap('[data-testid="voice-join"]')
    await page.settle()
    const help = document.querySelector('[data-testid="voice-mic-help"]')
    expect(help?.getAttribute('data-platform')).toBe('android-chrome')
    expect(help?.textContent).toContain('麦克风权限被拒绝')
    expect(help?.textContent).toContain('权限 → 麦克风 → 允许')
  })
})

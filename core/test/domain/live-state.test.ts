import { LiveFlag, MediaType } from '@core/wire/codes'
import {
  deriveLiveState, featuredLiveItem, isMp4Url, orderLiveItems, liveLogStateOf, nextLiveStateChangeAt, type LiveStateInput,
} from '@core/domain/live-state'

const NOW = 1_700_000_000

function liveItem (overrides: Partial<LiveStateInput> = {}): LiveStateInput {
  return { type: MediaType.Live, is_live: LiveFlag.OnAir, play_url: 'https://cdn.example/live/a.m3u8', started_at: NOW - 60, duration: 0, ...overrides }
}

function recordItem (overrides: Partial<LiveStateInput> = {}): LiveStateInput {
  return { type: MediaType.Record, is_live: LiveFlag.OnAir, play_url: 'https://cdn.example/vod/a.mp4', started_at: NOW + 60, duration: 600, ...overrides }
}

describe('deriveLiveState: the SPEC §4 rules', () => {
  it('calls a live item with is_live 0 order', () => {
    expect(deriveLiveState(liveItem({ is_live: LiveFlag.Reserved }), NOW)).toBe('order')
  })

  it('calls a live item with is_live 2 ended', () => {
    expect(deriveLiveState(liveItem({ is_live: LiveFlag.Ended }), NOW)).toBe('ended')
  })

  it('calls a live mp4 whose start plus duration is past ended', () => {
    expect(deriveLiveState(liveItem({ play_url: 'https://cdn.example/a.mp4', started_at: NOW - 600, duration: 300 }), NOW)).toBe('ended')
  })

  it('calls a live mp4 still within its duration live', () => {
    expect(deriveLiveState(liveItem({ play_url: 'https://cdn.example/a.mp4', started_at: NOW - 100, duration: 300 }), NOW)).toBe('live')
  })

  it('calls a live stream that is not an mp4 live even long after its start plus duration', () => {
    expect(deriveLiveState(liveItem({ started_at: NOW - 86400, duration: 60 }), NOW)).toBe('live')
  })

  it('calls a record item whose start is in the future order', () => {
    expect(deriveLiveState(recordItem({ started_at: NOW + 1 }), NOW)).toBe('order')
  })

  it('lets is_live 0 win over an mp4 whose end is past', () => {
    expect(deriveLiveState(liveItem({ is_live: LiveFlag.Reserved, play_url: 'a.mp4', started_at: NOW - 600, duration: 60 }), NOW)).toBe('order')
  })
})

describe('deriveLiveState: cases the SPEC leaves open (decided and documented in live-state.ts)', () => {
  it('calls a record item whose start has come ended (a playback)', () => {
    expect(deriveLiveState(recordItem({ started_at: NOW - 1 }), NOW)).toBe('ended')
  })

  it('calls a record item ended at the very second it starts', () => {
    expect(deriveLiveState(recordItem({ started_at: NOW }), NOW)).toBe('ended')
  })

  it('calls a record item without a start time ended', () => {
    expect(deriveLiveState(recordItem({ started_at: null }), NOW)).toBe('ended')
  })

  it('calls a record item with a non-finite start time ended', () => {
    expect(deriveLiveState(recordItem({ started_at: Number.NaN }), NOW)).toBe('ended')
  })

  it('ignores is_live on a record item', () => {
    expect(deriveLiveState(recordItem({ is_live: LiveFlag.Reserved, started_at: NOW - 10 }), NOW)).toBe('ended')
  })

  it('calls a live mp4 without a start time live', () => {
    expect(deriveLiveState(liveItem({ play_url: 'a.mp4', started_at: null, duration: 60 }), NOW)).toBe('live')
  })

  it('calls a live mp4 with an unknown duration (0) live', () => {
    expect(deriveLiveState(liveItem({ play_url: 'a.mp4', started_at: NOW - 86400, duration: 0 }), NOW)).toBe('live')
  })

  it('calls a live mp4 with a negative duration live', () => {
    expect(deriveLiveState(liveItem({ play_url: 'a.mp4', started_at: NOW - 86400, duration: -5 }), NOW)).toBe('live')
  })

  it('calls a live mp4 with a non-finite duration live', () => {
    expect(deriveLiveState(liveItem({ play_url: 'a.mp4', started_at: NOW - 86400, duration: Number.POSITIVE_INFINITY }), NOW)).toBe('live')
  })

  it('calls a live mp4 ended at the very second start plus duration is reached', () => {
    expect(deriveLiveState(liveItem({ play_url: 'a.mp4', started_at: NOW - 300, duration: 300 }), NOW)).toBe('ended')
  })

  it('calls a live mp4 live one millisecond before its end', () => {
    expect(deriveLiveState(liveItem({ play_url: 'a.mp4', started_at: NOW - 300, duration: 300 }), NOW - 0.001)).toBe('live')
  })

  it('recognises an mp4 URL with a query string as an mp4', () => {
    expect(deriveLiveState(liveItem({ play_url: 'https://cdn.example/a.mp4?sign=x&t=1', started_at: NOW - 600, duration: 60 }), NOW)).toBe('ended')
  })

  it('recognises an upper-case .MP4 URL as an mp4', () => {
    expect(deriveLiveState(liveItem({ play_url: 'https://cdn.example/A.MP4', started_at: NOW - 600, duration: 60 }), NOW)).toBe('ended')
  })

  it('does not take .mp4 in the query string of a stream for an mp4', () => {
    expect(deriveLiveState(liveItem({ play_url: 'https://cdn.example/a.m3u8?fallback=b.mp4', started_at: NOW - 600, duration: 60 }), NOW)).toBe('live')
  })

  it('follows the live-item rules for an item of an unknown type', () => {
    expect(deriveLiveState(liveItem({ type: 2 as MediaType, is_live: LiveFlag.Reserved }), NOW)).toBe('order')
  })

  it('follows the mp4 rule for an unknown is_live value', () => {
    expect(deriveLiveState(liveItem({ is_live: 9 as LiveFlag, play_url: 'a.mp4', started_at: NOW - 600, duration: 60 }), NOW)).toBe('ended')
  })
})

describe('isMp4Url', () => {
  it.each([
    ['https://cdn.example/a.mp4', true],
    ['https://cdn.example/a.Mp4#t=10', true],
    ['/files/a.mp4?x=1#y', true],
    ['https://cdn.example/a.mp4.m3u8', false],
    ['https://cdn.example/mp4', false],
    ['', false],
  ])('says %s is an mp4: %s', (url, expected) => {
    expect(isMp4Url(url)).toBe(expected)
  })
})

describe('liveLogStateOf (SPEC §4 log mapping)', () => {
  it('logs live as live', () => {
    expect(liveLogStateOf('live')).toBe('live')
  })

  it('logs ended as playback', () => {
    expect(liveLogStateOf('ended')).toBe('playback')
  })

  it('logs order as reserve', () => {
    expect(liveLogStateOf('order')).toBe('reserve')
  })
})

describe('nextLiveStateChangeAt', () => {
  it('gives the end of a live mp4 that is still on air', () => {
    expect(nextLiveStateChangeAt(liveItem({ play_url: 'a.mp4', started_at: NOW - 100, duration: 300 }), NOW)).toBe(NOW + 200)
  })

  it('gives the start of a record item that is still reserved', () => {
    expect(nextLiveStateChangeAt(recordItem({ started_at: NOW + 60 }), NOW)).toBe(NOW + 60)
  })

  it('gives nothing once a timed change has happened', () => {
    expect(nextLiveStateChangeAt(liveItem({ play_url: 'a.mp4', started_at: NOW - 300, duration: 300 }), NOW)).toBeNull()
  })

  it('gives nothing for a state that only the server can change', () => {
    expect(nextLiveStateChangeAt(liveItem({ is_live: LiveFlag.Reserved }), NOW)).toBeNull()
  })

  it('gives nothing for a live stream that is not an mp4', () => {
    expect(nextLiveStateChangeAt(liveItem(), NOW)).toBeNull()
  })

  it('gives an instant at which the derived state really differs from the state just before it', () => {
    const items = [
      liveItem({ play_url: 'a.mp4', started_at: NOW - 100, duration: 300 }),
      recordItem({ started_at: NOW + 60 }),
      recordItem({ started_at: NOW + 0.5 }),
    ]
    for (const item of items) {
      const at = nextLiveStateChangeAt(item, NOW) as number
      expect(deriveLiveState(item, at - 0.001)).toBe(deriveLiveState(item, NOW))
      expect(deriveLiveState(item, at)).not.toBe(deriveLiveState(item, NOW))
    }
  })
})

describe('featuredLiveItem: what a live room plays first', () => {
  const reserved = (startsIn: number) => liveItem({ is_live: LiveFlag.Reserved, started_at: NOW + startsIn })
  const ended = (startedAgo: number) => liveItem({ is_live: LiveFlag.Ended, started_at: NOW - startedAgo })

  it('has nothing to play in an empty room', () => {
    expect(featuredLiveItem([], NOW)).toBeNull()
  })

  it('plays what is on air before any playback or reservation', () => {
    const onAir = liveItem()
    expect(featuredLiveItem([reserved(60), ended(600), onAir], NOW)).toBe(onAir)
  })

  it('plays the newest playback when nothing is on air', () => {
    const newest = ended(60)
    expect(featuredLiveItem([reserved(60), ended(6000), newest, ended(600)], NOW)).toBe(newest)
  })

  it('shows the soonest reservation when there is nothing to play', () => {
    const soonest = reserved(60)
    expect(featuredLiveItem([reserved(6000), soonest, reserved(600)], NOW)).toBe(soonest)
  })

  it('counts a playback without a start time as the oldest', () => {
    const dated = ended(60)
    expect(featuredLiveItem([liveItem({ is_live: LiveFlag.Ended, started_at: null }), dated], NOW)).toBe(dated)
  })
})

describe('orderLiveItems: the order a live room lists its items in', () => {
  it('lists what is on air first, then playbacks newest first, then reservations soonest first', () => {
    const soon = liveItem({ is_live: LiveFlag.Reserved, started_at: NOW + 60 })
    const later = liveItem({ is_live: LiveFlag.Reserved, started_at: NOW + 6000 })
    const old = liveItem({ is_live: LiveFlag.Ended, started_at: NOW - 6000 })
    const recent = liveItem({ is_live: LiveFlag.Ended, started_at: NOW - 60 })
    const onAir = liveItem()
    const ordered = orderLiveItems([later, soon, old, recent, onAir], NOW)
    expect(ordered).toHaveLength(5)
    ;[onAir, recent, old, soon, later].forEach((item, index) => expect(ordered[index]).toBe(item))
  })
})

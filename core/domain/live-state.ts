/**
 * Live media state (SPEC §4): the state of a live or media item is derived from its
 * fields and the current time, which is always passed in (never read here). Pure: no
 * Taro import.
 *
 * Exactly as SPEC §4:
 * - a live item (type 3) with is_live 0 is 'order'; with is_live 2 it is 'ended';
 * - a live item whose play_url is an mp4 and whose start plus duration is already past
 *   is 'ended'; otherwise it is 'live';
 * - a record item (type 1) whose start time is in the future is 'order'.
 *
 * Cases the SPEC leaves open, decided here (docs/decisions.md "Live state"):
 * - a record item whose start time has come is 'ended': a recording is watched as a
 *   playback once it has started;
 * - a record item without a start time (`started_at` null or not a finite number) is
 *   'ended': it has no premiere to wait for, so it is available as a playback;
 * - a live item without a start time, or with an unknown duration (0, negative or not
 *   finite), has no known end: it stays 'live' until the server sets is_live 2;
 * - "mp4" is decided on the URL's path only: a query string or fragment is ignored and
 *   the extension is matched case-insensitively (`a.MP4?t=1` is an mp4, `a.m3u8?f=b.mp4`
 *   is not);
 * - "already past" includes the instant itself: at start + duration exactly the item is
 *   'ended', and a record item is 'order' only while its start is strictly later than now;
 * - an item whose type is neither 1 nor 3 follows the live-item rules;
 * - is_live 1 (on air, set by the server) or any other value than 0 and 2 follows the
 *   mp4 / 'live' rule.
 */
import { LiveFlag, MediaType } from '@core/wire/codes'
import type { LiveItem } from '@core/wire/entities'

/** The derived state of a live or media item: on air, over (playback), or reserved. */
export type LiveState = 'live' | 'ended' | 'order'

/** The name of a state in logs (SPEC §4): live, playback or reserve. */
export type LiveLogState = 'live' | 'playback' | 'reserve'

/** The fields of an item the state depends on. */
export type LiveStateInput = Pick<LiveItem, 'type' | 'is_live' | 'play_url' | 'started_at' | 'duration'>

/** SPEC §4: for logging, the states map to live, playback or reserve. */
export const LIVE_LOG_STATE: Readonly<Record<LiveState, LiveLogState>> = {
  live: 'live',
  ended: 'playback',
  order: 'reserve',
}

/** The log name of a derived state (SPEC §4): live → live, ended → playback, order → reserve. */
export function liveLogStateOf (state: LiveState): LiveLogState {
  return LIVE_LOG_STATE[state]
}

/**
 * True when a play URL points at an mp4 file: the path (before any `?` or `#`) ends with
 * `.mp4`, in any letter case.
 */
export function isMp4Url (url: string): boolean {
  const path = url.split(/[?#]/, 1)[0]
  return path.toLowerCase().endsWith('.mp4')
}

/**
 * How an item's state depends on time: either fixed, or `before` until the instant `at`
 * (unix seconds) and `after` from then on.
 */
type LiveRule =
  | { kind: 'fixed', state: LiveState }
  | { kind: 'timed', at: number, before: LiveState, after: LiveState }

function knownTime (value: number | null): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null
}

/** The one place that reads SPEC §4; every export below asks it. */
function liveRuleOf (item: LiveStateInput): LiveRule {
  const start = knownTime(item.started_at)
  if (item.type === MediaType.Record) {
    if (start === null) return { kind: 'fixed', state: 'ended' } // decided: no premiere to wait for
    return { kind: 'timed', at: start, before: 'order', after: 'ended' } // SPEC §4: a record item whose start is in the future is 'order'
  }
  if (item.is_live === LiveFlag.Reserved) return { kind: 'fixed', state: 'order' } // SPEC §4: is_live 0 is 'order'
  if (item.is_live === LiveFlag.Ended) return { kind: 'fixed', state: 'ended' } // SPEC §4: is_live 2 is 'ended'
  const duration = knownTime(item.duration)
  if (isMp4Url(item.play_url) && start !== null && duration !== null && duration > 0) {
    return { kind: 'timed', at: start + duration, before: 'live', after: 'ended' } // SPEC §4: an mp4 whose start plus duration is past is 'ended'
  }
  return { kind: 'fixed', state: 'live' } // SPEC §4: otherwise 'live'
}

/** The state of an item at `nowSeconds` (unix seconds, may carry a fraction). SPEC §4. */
export function deriveLiveState (item: LiveStateInput, nowSeconds: number): LiveState {
  const rule = liveRuleOf(item)
  if (rule.kind === 'fixed') return rule.state
  return nowSeconds >= rule.at ? rule.after : rule.before
}

/**
 * When the derived state of an item will next change on its own, in unix seconds, or
 * null when it never will (only new data from the server can change it). A clock that
 * re-derives at this instant sees the new state.
 */
export function nextLiveStateChangeAt (item: LiveStateInput, nowSeconds: number): number | null {
  const rule = liveRuleOf(item)
  if (rule.kind === 'fixed' || nowSeconds >= rule.at) return null
  return rule.at
}

/** Which state a live room shows first: what is on air, then the playbacks, then the reservations. */
const FEATURE_ORDER: Readonly<Record<LiveState, number>> = { live: 0, ended: 1, order: 2 }

/**
 * A live room's items in the order a viewer reads them: on air first, then playbacks (the
 * newest first), then reservations (the soonest first); items on air by their start.
 * Equal items keep their order. (Not in the SPEC: a viewer opening a live channel expects
 * what is live now, not ten reservations above it.)
 */
export function orderLiveItems<T extends LiveStateInput> (items: readonly T[], nowSeconds: number): T[] {
  const keyed = items.map((item, index) => {
    const state = deriveLiveState(item, nowSeconds)
    const startedAt = item.started_at ?? 0
    return { item, index, rank: FEATURE_ORDER[state], start: state === 'ended' ? -startedAt : startedAt }
  })
  keyed.sort((a, b) => a.rank - b.rank || a.start - b.start || a.index - b.index)
  return keyed.map(entry => entry.item)
}

/**
 * The item a live room plays when none is asked for: the first of {@link orderLiveItems}
 * — an item on air; else the newest playback; else the next reservation. Null for no items.
 */
export function featuredLiveItem<T extends LiveStateInput> (items: readonly T[], nowSeconds: number): T | null {
  return orderLiveItems(items, nowSeconds)[0] ?? null
}

/**
 * What is said and played near the member in the gather space: a short talk log (the
 * newest SPACE_LOG_MAX lines; each speaker's newest line within SPACE_BUBBLE_MS is their
 * bubble) and the emotes playing over avatars, each let go after SPACE_EMOTE_MS. The log
 * outlives a stay: after a reconnect the member still reads what was said.
 */
import { makeAutoObservable, observable } from 'mobx'
import type { SpaceEmote } from '@core/wire/space-codes'
import { SPACE_BUBBLE_MS, SPACE_EMOTE_MS, SPACE_LOG_MAX } from '@/constants/space'
import type { TimerScheduler } from '../support/timer-scheduler'

/** Something said near me: a bubble over the speaker and a line of the log. */
export interface SpaceLine {
  /** Unique within the page (the log's key). */
  key: number
  /** The speaker's avatar id. */
  id: number
  uid: string
  nickname: string
  text: string
  /** When it arrived (the store's clock, ms). */
  at: number
}

/** An emote playing over an avatar since `at`. */
export interface SpaceEmoteState {
  id: number
  emote: SpaceEmote
  at: number
}

/** The talk log and the emotes of a space page. */
export class SpaceTalk {
  /** What was said near me lately, oldest first (bubbles are the newest line of each speaker within SPACE_BUBBLE_MS). */
  lines: SpaceLine[] = []
  /** Emotes playing now. */
  emotes: SpaceEmoteState[] = []
  private lineKey = 0

  constructor (private readonly clock: () => number, private readonly scheduler: TimerScheduler) {
    makeAutoObservable<SpaceTalk, 'clock' | 'scheduler' | 'lineKey'>(this, {
      clock: false,
      scheduler: false,
      lineKey: false,
      lines: observable.shallow,
      emotes: observable.shallow,
    })
  }

  /** The newest line of each speaker still showing as a bubble at `now`. */
  bubblesAt (now: number): SpaceLine[] {
    const newest = new Map<number, SpaceLine>()
    for (const line of this.lines) if (now - line.at < SPACE_BUBBLE_MS) newest.set(line.id, line)
    return [...newest.values()]
  }

  /** A line said by the avatar `id` (`space_said`), now. */
  said (id: number, uid: string, nickname: string, text: string): void {
    const line: SpaceLine = { key: ++this.lineKey, id, uid, nickname, text, at: this.clock() }
    this.lines = [...this.lines, line].slice(-SPACE_LOG_MAX)
  }

  /** An emote played over the avatar `id` (`space_emoted`), from now for SPACE_EMOTE_MS. */
  emoted (id: number, emote: SpaceEmote): void {
    const played: SpaceEmoteState = { id, emote, at: this.clock() }
    this.emotes = [...this.emotes, played]
    this.scheduler.schedule(() => this.dropEmote(played), SPACE_EMOTE_MS)
  }

  private dropEmote (played: SpaceEmoteState): void {
    this.emotes = this.emotes.filter(emote => emote !== played)
  }
}

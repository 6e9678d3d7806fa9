/**
 * What I may do in one channel's chat, from the server's answer: whether the
 * composer shows, why not (timed out, no right to speak), and who may delete others'
 * messages or attach pictures. The permissions, the clock and the timers are passed in.
 */
import { makeAutoObservable, reaction, runInAction } from 'mobx'
import type { PermissionName } from '@core/domain/permissions'
import { MAX_TIMER_DELAY_MS, type TimerScheduler } from '../support/timer-scheduler'

/** What {@link ChatAccess} reads of the root's PermissionsStore. */
export interface ChatPermissions {
  /** The last answer of GET permissions/me, or null (not loaded, a visitor, or it failed). */
  readonly mine: { readonly is_member: boolean } | null
  can (name: PermissionName, channelId?: string): boolean
  /** Unix seconds my timeout ends, or null when I am not timed out now. */
  readonly timedOutUntil: number | null
  /** Asks the server again (a timeout that ended gives the speaking bits back). */
  reload (): Promise<void>
  /** Answers for this server (the channel's) until the returned function is called. */
  focus (serverId: string): () => void
}

/** What goes where the composer goes: the composer, the timeout notice (until unix seconds), or the word that I may not speak here. */
export type ComposerAccess = { kind: 'compose' } | { kind: 'timed-out', until: number } | { kind: 'no-send' }

/** What ChatAccess needs: the permissions, the clock and the timers. */
export interface ChatAccessDeps {
  permissions: ChatPermissions
  /** The channel's server: while the chat is followed, the permissions are this server's (not the current server's, when the channel was opened by its own link). */
  serverId?: string
  /** Whether I am a member of the channel's server (true or false once known, null before). */
  isMember: () => boolean | null
  /** The current time in unix milliseconds. */
  clock: () => number
  scheduler: TimerScheduler
}

/**
 * What I may do in one channel's chat, from the server's answer (the client only
 * hides what the server would refuse): whether the composer shows or why not, whether I
 * may delete others' messages and attach pictures. A timeout's notice goes when its time
 * passes (the permissions are asked again then, since the server took the speaking bits).
 */
export class ChatAccess {
  /** Bumped when a timeout's end passes, so what depends on the clock is read again. */
  private clockTick = 0
  private readonly stops: Array<() => void> = []
  private cancelTimer: (() => void) | null = null
  private unfocus: (() => void) | null = null

  /** Focuses the permissions on the channel's server at once, so the first question a render asks goes there. */
  constructor (readonly channelId: string, private readonly deps: ChatAccessDeps) {
    makeAutoObservable<ChatAccess, 'deps' | 'stops' | 'cancelTimer' | 'unfocus'>(this, { deps: false, stops: false, cancelTimer: false, channelId: false, unfocus: false })
    this.focusServer()
  }

  /** What goes where the composer goes (a member's view; a visitor sees the join bar). */
  get composer (): ComposerAccess {
    void this.clockTick
    const { permissions } = this.deps
    const until = permissions.timedOutUntil
    if (until !== null) return { kind: 'timed-out', until } // SPEC: a muted member's composer says until when
    if (permissions.mine?.is_member === true && !permissions.can('SendMessages', this.channelId)) return { kind: 'no-send' }
    return { kind: 'compose' }
  }

  /** I may delete others' messages here (ManageMessages in this channel). */
  get canModerate (): boolean {
    return this.deps.permissions.can('ManageMessages', this.channelId)
  }

  /** I may attach pictures here (AttachFiles in this channel). */
  get canAttach (): boolean {
    return this.deps.permissions.can('AttachFiles', this.channelId)
  }

  /** I may mention everyone here (MentionEveryone in this channel): the `@` picker offers @全体成员. */
  get canMentionEveryone (): boolean {
    return this.deps.permissions.can('MentionEveryone', this.channelId)
  }

  /**
   * Asks the permissions of the channel's server, and follows the timeout (when it ends,
   * the notice goes and the permissions are asked again) and my joining (the answer from
   * before I joined held a visitor's bits).
   */
  start (): void {
    const { permissions, isMember } = this.deps
    this.focusServer()
    this.stops.push(reaction(() => permissions.timedOutUntil, until => this.waitUntil(until), { fireImmediately: true }))
    this.stops.push(reaction(() => isMember() === true && permissions.mine?.is_member === false, stale => {
      if (stale) void permissions.reload()
    }, { fireImmediately: true }))
  }

  /** Stops following; the permissions answer for the current server again. */
  dispose (): void {
    this.stops.splice(0).forEach(stop => stop())
    this.unfocus?.()
    this.unfocus = null
    this.cancelTimer?.()
    this.cancelTimer = null
  }

  /** Makes the permissions answer for the channel's server (once, until disposed). */
  private focusServer (): void {
    const { serverId, permissions } = this.deps
    if (serverId !== undefined && this.unfocus === null) this.unfocus = permissions.focus(serverId)
  }

  /** Wakes at the timeout's end (in steps a platform timer can hold) and reads the permissions again. */
  private waitUntil (until: number | null): void {
    this.cancelTimer?.()
    this.cancelTimer = null
    if (until === null) return
    const left = until * 1000 - this.deps.clock()
    this.cancelTimer = this.deps.scheduler.schedule(() => {
      if (until * 1000 > this.deps.clock()) return this.waitUntil(until)
      runInAction(() => { this.clockTick += 1 })
      void this.deps.permissions.reload()
    }, Math.min(Math.max(0, left), MAX_TIMER_DELAY_MS))
  }
}

/**
 * The chat of discussion channels: one {@link ChannelChat} per open channel
 * puts together the parts of a conversation — its {@link MessageHistory}, the
 * {@link Outbox} of my messages on their way, the {@link Composer}, who is
 * {@link Typing}, the {@link ReadMarks}, the {@link MessageActions} on shown messages, the channel's {@link SlowMode} — and
 * keeps them up to date from the gateway: new messages, edits, deletions, reactions and typing
 * arrive through `gateway.on`, and what was missed while offline is fetched after a reconnect. The transport (a MessagesApi), the gateway, the clock and the timers are
 * passed in: tests use fakes.
 */
import { makeAutoObservable, reaction, runInAction } from 'mobx'
import type { User } from '@core/wire/entities'
import type { ReportBody, ReportReason } from '@core/wire/trust'
import type { MessagesApi } from '@/services/api/messages'
import type { ImageUploader } from '@/services/api/storage-upload'
import type { TimerScheduler } from '../support/timer-scheduler'
import { failureMessage, type StoreLogger, type StoreStatus } from '../support/load-tracker'
import type { KeyValueStorage } from '../account/session-store'
import type { UploadQueue } from '../support/upload-queue'
import { Composer, composerDraftKey } from './composer'
import { channelConversation, type ChannelChatInput, type Conversation } from './conversation'
import { MessageHistory } from './history'
import { MessageActions } from './message-actions'
import type { ChatEntry } from './message-order'
import { Outbox } from './outbox'
import { ReadMarks } from './read-marks'
import { SlowMode } from './slow-mode'
import { Typing } from './typing'
import type { ChatDispatches, ChatGateway, ChatMessage, GatewayConnection } from './types'

/** What a ChannelChat needs besides its channel. */
export interface ChatDeps {
  api: MessagesApi
  gateway: ChatGateway
  /** The signed-in user, or null. */
  me: () => User | null
  /** The current time in unix milliseconds. */
  clock: () => number
  scheduler: TimerScheduler
  logger: StoreLogger
  /** A fresh idempotency key for a message; random by default. */
  newNonce?: () => string
  /** Messages per history page; HISTORY_PAGE_SIZE by default. */
  pageSize?: number
  /** Uploads a picture the composer attaches; without one no picture can be attached. */
  upload?: ImageUploader
  /** Sends a report to the server's moderators (POST /reports); without one nothing can be reported. */
  report?: (body: ReportBody) => Promise<unknown>
  /** The device's storage, where the text being written waits per member and channel; without it the text lives as long as the chat. */
  drafts?: KeyValueStorage
}

/** The dispatches that concern one channel (every message dispatch names its channel). */
type ChannelDispatch = keyof ChatDispatches

/** The conversation of one discussion channel. */
export class ChannelChat {
  readonly channelId: string
  readonly serverId: string
  /** The message a search hit opened the channel at (shown highlighted), or null. */
  readonly foundId: string | null
  private readonly conversation: Conversation
  private readonly history: MessageHistory
  private readonly outbox: Outbox
  private readonly composer: Composer
  private readonly typing: Typing
  private readonly reads: ReadMarks
  private readonly actions: MessageActions
  /** The channel's slow mode and my wait in it (always off in a direct conversation). */
  readonly slowMode: SlowMode
  private readonly stops: Array<() => void> = []

  constructor (input: ChannelChatInput, private readonly deps: ChatDeps) {
    this.channelId = input.channelId
    this.serverId = input.serverId
    this.foundId = input.aroundId ?? null
    this.conversation = input.conversation ?? channelConversation(input, deps.api)
    this.history = new MessageHistory({
      conversation: this.conversation, logger: deps.logger, pageSize: deps.pageSize, unreadCount: input.unreadCount, lastReadId: input.lastReadId,
      countsAsUnread: message => message.author.uid !== deps.me()?.uid,
      settlePending: message => this.outbox.settle(message),
    })
    this.slowMode = new SlowMode({
      load: input.conversation === undefined ? () => deps.api.slowMode(this.channelId) : null, clock: deps.clock, scheduler: deps.scheduler, logger: deps.logger,
    })
    this.outbox = new Outbox({
      conversation: this.conversation, me: deps.me, clock: deps.clock, logger: deps.logger, newNonce: deps.newNonce,
      receive: message => {
        this.history.merge([message])
        this.slowMode.sent()
      },
      giveBack: (content, attachments, reason) => this.composer.giveBack(content, attachments, reason),
      slowed: () => { void this.slowMode.refresh() },
    })
    const { drafts } = deps
    this.composer = new Composer({
      upload: deps.upload,
      logger: deps.logger,
      keeping: drafts && {
        storage: drafts,
        key: () => {
          const uid = deps.me()?.uid
          return uid === undefined ? null : composerDraftKey(uid, this.conversation.key)
        },
      },
    })
    this.typing = new Typing(deps.scheduler)
    this.reads = new ReadMarks({
      conversation: this.conversation, logger: deps.logger, history: this.history, isMine: message => this.isMine(message), mentionsMe: message => this.mentionsMe(message),
    })
    if (input.lastReadId != null) this.reads.readOn(input.lastReadId)
    this.actions = new MessageActions({
      channelId: this.channelId, serverId: this.serverId, conversation: this.conversation, history: this.history, composer: this.composer,
      me: deps.me, logger: deps.logger, report: deps.report,
    })
    makeAutoObservable<ChannelChat, 'deps' | 'conversation' | 'history' | 'outbox' | 'composer' | 'typing' | 'reads' | 'actions' | 'stops'>(this, {
      deps: false, conversation: false, history: false, outbox: false, composer: false, typing: false, reads: false, actions: false, slowMode: false, stops: false,
    })
  }

  /** Every message shown, oldest first: the server's, then mine on their way. */
  get entries (): ChatEntry[] {
    const { sent } = this.history
    return this.outbox.entries.length === 0 ? sent : [...sent, ...this.outbox.entries]
  }

  /** Status of the first page: 'loading', 'ready', 'empty' or 'error'. */
  get status (): StoreStatus {
    if (this.history.status === 'ready' && this.entries.length === 0) return 'empty'
    return this.history.status
  }

  /** The user-facing message of a failed first page, else null. */
  get error (): string | null {
    return this.history.error
  }

  /** Whether retrying the failed first page may help (false for a refusal the same request gets again): 重试 is offered only then. */
  get retryable (): boolean {
    return this.history.retryable
  }

  /** Status of the older page on its way: 'loading', or 'error' when it failed (what is shown stays). */
  get olderStatus (): StoreStatus {
    return this.history.olderStatus
  }

  /** True when the server holds messages older than the oldest loaded one. */
  get hasOlder (): boolean {
    return this.history.hasOlder
  }

  /** True when the server holds messages newer than the stretch loaded around {@link foundId}; they load on scrolling down. */
  get hasNewer (): boolean {
    return this.history.hasNewer
  }

  /** The first message that was unread when the channel opened (the "new messages" divider goes above it), or null. */
  get firstUnreadId (): string | null {
    return this.history.firstUnreadId
  }

  /** The unread count at opening and the read position, known only now (opened by a link before the channel list arrived): {@link ReadMarks.knowUnread}. */
  knowUnread (count: number, lastReadId: string | null = null): void {
    this.reads.knowUnread(count, lastReadId)
  }

  /** The newest message I have read here (the read position at opening, moved on by what was on screen and by my other devices), or null. */
  get readPosition (): string | null {
    return this.reads.lastReadId
  }

  /**
   * What is still unread among the loaded messages: others' messages newer than the read
   * position (without one, from the first message unread at opening on), and how many of them
   * mention me; null while the unread count at opening is not known. The channel list shows it
   * while the channel is open, so its badge says what is left below what was shown.
   */
  get unreadBelow (): { unread: number, mentions: number } | null {
    return this.reads.unreadBelow
  }


  /** The newest message the server holds among the loaded ones, or null. */
  get newestId (): string | null {
    return this.history.newestId
  }

  /** The gateway's connection, shown when it is not online. */
  get connection (): GatewayConnection {
    return this.deps.gateway.connection
  }

  /** The nicknames of those typing now, in the order they started. */
  get typingNames (): string[] {
    return this.typing.names
  }

  /** Subscribes to the channel's dispatches, focuses the gateway on it and loads the newest page (or the messages around {@link foundId}). */
  async start (): Promise<void> {
    const on = <T extends ChannelDispatch>(name: T, handler: (d: ChatDispatches[T]) => void) => {
      this.stops.push(this.deps.gateway.on(name, d => { if (d.channel_id === this.channelId) handler(d) }))
    }
    const names = this.conversation.dispatches
    on(names.create, message => this.applyCreate(message))
    on(names.update, message => this.history.update(message))
    on(names.delete, event => this.actions.applyDelete(event))
    on(names.reactionAdd, event => this.actions.applyReaction(event, 1))
    on(names.reactionRemove, event => this.actions.applyReaction(event, -1))
    on(names.typing, event => { if (event.uid !== this.deps.me()?.uid) this.typing.started(event) })
    on(names.read, event => this.reads.readOn(event.last_read_id))
    // a moderator changed the slow mode: my wait under the new setting is the server's to say (a direct conversation has none)
    on('CHANNEL_UPDATE', channel => { if ((channel.slow_mode_seconds ?? 0) !== this.slowMode.seconds) void this.slowMode.refresh() })
    // a reconnect (resumed or not) may have missed dispatches: fetch what came after the newest shown
    this.stops.push(reaction(() => this.deps.gateway.connection, (now, before) => {
      if (now === 'online' && before !== 'online' && this.history.status !== 'idle') void this.catchUp()
    }))
    // my slow mode wait is asked for once I am signed in (a visitor has none), and again as another account
    this.stops.push(reaction(() => this.deps.me()?.uid ?? null, uid => { if (uid !== null) void this.slowMode.refresh() }, { fireImmediately: true }))
    this.deps.gateway.focus(this.channelId)
    await (this.foundId === null ? this.loadLatest() : this.history.loadAround(this.foundId))
  }

  /** Stops listening, drops the typing timers and the gateway focus. */
  dispose (): void {
    this.stops.splice(0).forEach(stop => stop())
    this.typing.clear()
    this.slowMode.dispose()
    this.deps.gateway.focus(null)
  }

  /** Loads the newest page (the first load, and its retry); what is already shown is kept and merged. */
  loadLatest (): Promise<void> {
    return this.history.loadLatest()
  }

  /** Loads the page before the oldest shown (scrolling up); nothing while one is on its way or none is left. */
  loadOlder (): Promise<void> {
    return this.history.loadOlder()
  }

  /** Loads the page after the stretch opened around {@link foundId} (scrolling down); nothing when none is left or one is on its way. */
  loadNewer (): Promise<void> {
    return this.history.loadNewer()
  }

  /** Fetches every message after the newest shown (after a reconnect), without leaving a gap. */
  catchUp (): Promise<void> {
    return this.history.catchUp()
  }

  /** The composer's text. */
  get draft (): string {
    return this.composer.draft
  }

  /** Why the composer's text was refused (an audit rejection, too long), shown under the composer; else null. */
  get draftError (): string | null {
    return this.composer.draftError
  }

  /** The message my next message answers, or null. */
  get replyTarget (): ChatMessage | null {
    return this.composer.replyTarget
  }

  /** The message of mine the composer edits, or null. */
  get editingId (): string | null {
    return this.composer.editingId
  }

  /** The pictures the composer attaches to my next message, or null when pictures cannot be attached. */
  get uploads (): UploadQueue | null {
    return this.composer.uploads
  }

  /** Sets the composer's text; tells the others I am typing (at most every TYPING_SEND_INTERVAL_MS). */
  setDraft (text: string): void {
    this.composer.setDraft(text)
    if (text.trim() === '' || this.composer.editingId !== null || !this.typing.shouldTell(this.deps.clock())) return
    this.conversation.api.sendTyping().catch(error => {
      // not told: the next keystroke tries again rather than staying silent for 5 s (typing did not show on the first try)
      this.typing.sent()
      this.deps.logger.warn('[chat] typing:', error)
    })
  }

  /** What follows an `@` being typed at the end of the draft (the picker's filter), or null when none is. */
  get mentionQuery (): string | null {
    return this.composer.mentionQuery
  }

  /** Completes the `@` being typed with this member: shown as `@nickname`, sent as `<@uid>`. */
  pickMention (member: User): void {
    this.composer.pickMention(member)
  }

  /** Completes the `@` being typed with @全体成员. */
  pickEveryone (): void {
    this.composer.pickEveryone()
  }

  /** The nickname of the author of a loaded message with this uid, or null. */
  authorName (uid: string): string | null {
    const me = this.deps.me()
    // a mention of me reads as my name even before I wrote here (a newcomer beyond the loaded members)
    return this.history.authorNames.get(uid) ?? (me !== null && me.uid === uid ? me.nickname : null)
  }

  /** Answers this message with my next one (null: none). */
  setReplyTarget (message: ChatMessage | null): void {
    this.composer.setReplyTarget(message)
  }

  /** Puts my message in the composer for editing. */
  startEdit (messageId: string): void {
    const entry = this.history.find(messageId)
    if (entry && this.isMine(entry.message)) this.composer.startEdit(entry.message)
  }

  /** Leaves editing; the composer empties. */
  cancelEdit (): void {
    this.composer.cancelEdit()
  }

  /** How many characters the composer holds (an emoji counts once), for the counter. */
  get draftLength (): number {
    return this.composer.draftLength
  }

  /** True when the composer can be sent: text within the limit or pictures without text (the server's rule), no picture pending or failed, and no slow mode wait (an edit is never held). */
  get canSubmit (): boolean {
    return this.composer.canSubmit && (this.composer.editingId !== null || this.slowMode.waitSeconds === 0)
  }

  /** Why the composer's pictures hold the message back (one uploading, one failed), or null. */
  get attachmentsBlockedBy (): string | null {
    return this.composer.attachmentsBlockedBy
  }

  /** True when pictures can be attached now (an uploader is there, I am not editing, and there is room). */
  get canAttach (): boolean {
    return this.composer.canAttach
  }

  /**
   * Sends the composer's text (or saves the edit). A new message shows at once as
   * pending; the composer empties. An audit rejection takes the message back, puts the
   * text back in the composer with the reason under it, and sends nothing more.
   */
  async submit (): Promise<void> {
    const content = this.composer.sendableDraft
    if (content === null) return
    const { editingId } = this.composer
    if (editingId !== null) {
      await this.saveEdit(editingId, content)
      return
    }
    if (this.composer.attachmentsBlockedBy !== null || this.deps.me() === null) return // Never sent while a picture is pending or failed
    if (this.slowMode.waitSeconds > 0) return // the countdown shows; the server would refuse it
    const nonce = this.outbox.queue(this.composer.takeOutgoing(content))
    if (nonce === null) return
    this.typing.sent()
    await this.outbox.deliver(nonce)
  }

  /** Sends a failed message again, with its own nonce (the server answers the same message if it had arrived). */
  retry (key: string): Promise<void> {
    return this.outbox.retry(key)
  }

  /** Drops a failed message without sending it. */
  discard (key: string): void {
    this.outbox.discard(key)
  }

  /** Deletes my message, or another's as a moderator (ManageMessages; the server decides); resolves with the failure's message, or null when deleted. */
  remove (messageId: string): Promise<string | null> {
    return this.actions.remove(messageId)
  }

  /** Reports another's message to the server's moderators; resolves with the failure's message, or null when the report was taken. */
  report (messageId: string, reason: ReportReason): Promise<string | null> {
    return this.actions.report(messageId, reason)
  }

  /** Adds my reaction, or takes it back when I had it; shown at once, undone when the server refuses. Resolves with the failure's message, or null. */
  toggleReaction (messageId: string, emoji: string): Promise<string | null> {
    return this.actions.toggleReaction(messageId, emoji)
  }

  /**
   * Tells the server (and so my other devices) I have read up to `upTo` — the newest message
   * that was on screen (docs/product-tour.md: the read position follows what was shown), the
   * newest loaded one by default ({@link ReadMarks.markRead}).
   */
  markRead (upTo: string | null = this.history.newestId): Promise<void> {
    return this.reads.markRead(upTo)
  }

  /** True when the message is mine (edit and delete are offered). */
  isMine (message: ChatMessage): boolean {
    return message.author.uid === this.deps.me()?.uid
  }

  /** True when the message mentions me (highlighted for me). */
  mentionsMe (message: ChatMessage): boolean {
    const uid = this.deps.me()?.uid
    return uid !== undefined && message.mentions.includes(uid)
  }

  private async saveEdit (messageId: string, content: string): Promise<void> {
    try {
      const message = await this.conversation.api.editMessage(messageId, content)
      runInAction(() => {
        this.history.update(message)
        if (this.composer.editingId === messageId) this.composer.cancelEdit()
      })
    } catch (error) {
      runInAction(() => this.composer.refuse(failureMessage(error, this.deps.logger)))
    }
  }

  private applyCreate (message: ChatMessage): void {
    this.typing.stopped(message.author.uid)
    this.history.merge([message])
  }
}

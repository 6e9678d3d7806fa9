/**
 * The chat of discussion channels (issue 16): one {@link ChannelChat} per open channel
 * holds its conversation oldest → newest, loads the newest page, older pages (`before`)
 * and what was missed while offline (`after`) without gaps or duplicates, and sends
 * optimistically: a message shows at once as pending under a nonce, turns sent when the
 * server answers (or its MESSAGE_CREATE arrives first), and a failed one is retried
 * with the same nonce, so the server never stores it twice. Edits, deletions,
 * reactions and typing arrive through the gateway (`gateway.on`). Issue 17: the composer
 * attaches pictures (uploaded first, through the shared {@link UploadQueue}); issue 18: a
 * member reports a message, and {@link ChatAccess} says whether the composer shows, why
 * not (timed out, no right to speak) and who may delete others' messages. The transport
 * (a MessagesApi), the gateway, the clock and the timers are passed in: tests use fakes.
 */
import { makeAutoObservable, observable, reaction, runInAction } from 'mobx'
import { MESSAGE_CONTENT_MAX_LENGTH, characterCount, messageContentOf, sendableContentOf } from '@core/domain/messages'
import type { PermissionName } from '@core/domain/permissions'
import type { User } from '@core/wire/entities'
import type { Attachment } from '@core/wire/messages'
import type { ReportBody, ReportReason } from '@core/wire/trust'
import {
  CATCH_UP_MAX_PAGES, CATCH_UP_PAGE_SIZE, HISTORY_PAGE_SIZE, MEMBER_PAGE_SIZE,
  TYPING_SEND_INTERVAL_MS, TYPING_SHOWN_MS,
} from '@/constants/chat'
import { t } from '@/constants/messages'
import type { ApiClient } from '@/services/api/api-client'
import type { MessagesApi } from '@/services/api/messages'
import { isRequestError } from '@/services/request/errors'
import type {
  ChatDispatches, ChatGateway, ChatMessage, ChatReaction, GatewayConnection, Member, MemberPage, MessageDeleteEvent, ReactionEvent, TypingEvent,
} from './chat-types'
import { MAX_TIMER_DELAY_MS, type TimerScheduler } from './live-store'
import { LoadTracker, failureMessage, type StoreLogger, type StoreStatus } from './load-tracker'
import { UploadQueue, storageUploader, type DraftImage, type ImageUploader } from './upload-queue'

/** Where one of my messages stands: stored on the server, on its way, or refused by the network or server. */
export type DeliveryStatus = 'sent' | 'pending' | 'failed'

/** A message as the chat shows it. */
export interface ChatEntry {
  /** Stable across pending → sent, so the row is not rebuilt when the server answers. */
  key: string
  message: ChatMessage
  status: DeliveryStatus
  /** Why sending failed (status 'failed'), else null. */
  error: string | null
}

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
  /** Sends a report to the server's moderators (issue 18: POST /reports); without one nothing can be reported. */
  report?: (body: ReportBody) => Promise<unknown>
}

/** Issue 17: most pictures one message carries (core/wire/messages.ts MESSAGE_ATTACHMENTS_MAX, repeated because that file holds TypeBox schemas; a test keeps the two equal). */
export const CHAT_ATTACHMENTS_MAX = 10

/** Picture types by file extension, for a picture whose type the platform did not tell. */
const IMAGE_MIME_BY_EXTENSION: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' }

/** What a message carries for an uploaded picture: its URL, natural size, bytes and type (JPEG when nobody can tell). */
function attachmentOf (image: DraftImage & { url: string }): Attachment {
  const extension = /\.([a-z0-9]{1,5})$/i.exec(image.url.split(/[?#]/)[0])?.[1]?.toLowerCase() ?? ''
  const mime = image.mime ?? IMAGE_MIME_BY_EXTENSION[extension] ?? 'image/jpeg'
  return { url: image.url, width: image.width, height: image.height, size: Math.max(0, Math.floor(image.size ?? 0)), mime }
}

/** A mention being typed at the end of the composer's text: `@` and what follows it. */
const MENTION_BEING_TYPED = /(^|\s)@([^\s@<>]{0,32})$/

/** The dispatches that concern one channel (every message dispatch names its channel). */
type ChannelDispatch = keyof ChatDispatches

/** Which channel to open, and how many of its messages were unread then (for the "new messages" divider). */
export interface ChannelChatInput {
  channelId: string
  serverId: string
  unreadCount?: number
  /** Open at this message (a search hit) instead of the newest: the messages around it load first. */
  aroundId?: string
}

/** A random nonce: time plus randomness, unique enough per author. */
export function randomNonce (): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`
}

/** Orders message ids: time-ordered ids compare as text of one length; a shorter id is older. */
export function compareMessageIds (a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length
  return a < b ? -1 : a > b ? 1 : 0
}

/** The index of the message with this id in a list sorted by id, or where it would go (as `-(place) - 1`). */
function searchById (entries: readonly ChatEntry[], messageId: string): number {
  let low = 0
  let high = entries.length - 1
  while (low <= high) {
    const middle = (low + high) >> 1
    const order = compareMessageIds(entries[middle].message.message_id, messageId)
    if (order === 0) return middle
    if (order < 0) low = middle + 1
    else high = middle - 1
  }
  return -low - 1
}

/** The reactions after one person's reaction was added (`delta` 1) or removed (-1); `mine` when that person is me. */
function reactedWith (reactions: readonly ChatReaction[], emoji: string, delta: 1 | -1, mine: boolean): ChatReaction[] {
  const current = reactions.find(entry => entry.emoji === emoji)
  if (mine && (current?.me ?? false) === (delta === 1)) return [...reactions] // my own echo: already applied
  if (!current) return delta === 1 ? [...reactions, { emoji, count: 1, me: mine }] : [...reactions]
  const next = { emoji, count: current.count + delta, me: mine ? delta === 1 : current.me }
  return next.count > 0 ? reactions.map(entry => entry === current ? next : entry) : reactions.filter(entry => entry !== current)
}

/** The conversation of one discussion channel. */
export class ChannelChat {
  readonly channelId: string
  readonly serverId: string
  /** The server's messages, ordered by id (oldest first). */
  sent: ChatEntry[] = []
  /** My messages on their way or failed, in the order I sent them (shown after the server's). */
  outbox: ChatEntry[] = []
  /** True when the server holds messages older than the oldest loaded one. */
  hasOlder = false
  /** The message a search hit opened the channel at (shown highlighted), or null. */
  readonly foundId: string | null
  /** True when the server holds messages newer than the stretch loaded around {@link foundId}; they load on scrolling down. */
  hasNewer = false
  /** The newest message of the stretch loaded around {@link foundId}: the next newer page starts after it. */
  private newerAfter: string | null = null
  private newerLoading = false
  /** The first message that was unread when the channel opened (the "new messages" divider goes above it), or null. */
  firstUnreadId: string | null = null
  /** The composer's text. */
  draft = ''
  /** Why the composer's text was refused (an audit rejection, too long), shown under the composer; else null. */
  draftError: string | null = null
  /** The message my next message answers, or null. */
  replyTarget: ChatMessage | null = null
  /** The message of mine the composer edits, or null. */
  editingId: string | null = null
  /** Who is typing now (for TYPING_SHOWN_MS after their last typing event): uid → nickname. */
  readonly typers = observable.map<string, string>()
  private readonly typingTimers = new Map<string, () => void>()
  /** The newest message I told the server I have read, or null. */
  lastReadId: string | null = null
  /** Issue 17: the pictures the composer attaches to my next message, or null when pictures cannot be attached. */
  readonly uploads: UploadQueue | null
  /** Members picked with the `@` picker for the draft: the nickname shown → their uid. */
  private readonly picked = new Map<string, string>()
  private readonly history: LoadTracker
  private readonly older: LoadTracker
  private readonly unreadAtOpen: number
  private lastTypingSentAt = Number.NEGATIVE_INFINITY
  private catchingUp: Promise<void> | null = null
  private readonly stops: Array<() => void> = []
  private readonly newNonce: () => string
  private readonly pageSize: number

  constructor (input: ChannelChatInput, private readonly deps: ChatDeps) {
    this.channelId = input.channelId
    this.serverId = input.serverId
    this.unreadAtOpen = Math.max(0, Math.floor(input.unreadCount ?? 0))
    this.foundId = input.aroundId ?? null
    this.history = new LoadTracker(deps.logger)
    this.older = new LoadTracker(deps.logger)
    this.newNonce = deps.newNonce ?? randomNonce
    this.pageSize = deps.pageSize ?? HISTORY_PAGE_SIZE
    this.uploads = deps.upload ? new UploadQueue({ upload: deps.upload, logger: deps.logger, max: CHAT_ATTACHMENTS_MAX }) : null
    // entries are snapshots replaced whole (never changed in place): the arrays are watched, not each message
    makeAutoObservable<ChannelChat, 'deps' | 'picked' | 'stops' | 'catchingUp' | 'lastTypingSentAt' | 'newNonce' | 'typingTimers' | 'pageSize' | 'unreadAtOpen' | 'history' | 'older'>(this, {
      deps: false, picked: false, stops: false, catchingUp: false, lastTypingSentAt: false, newNonce: false, typingTimers: false, history: false, older: false, pageSize: false, unreadAtOpen: false, uploads: false,
      sent: observable.shallow, outbox: observable.shallow, replyTarget: observable.ref,
    })
  }

  /** Every message shown, oldest first: the server's, then mine on their way. */
  get entries (): ChatEntry[] {
    return this.outbox.length === 0 ? this.sent : [...this.sent, ...this.outbox]
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

  /** Status of the older page on its way: 'loading', or 'error' when it failed (what is shown stays). */
  get olderStatus (): StoreStatus {
    return this.older.status
  }

  /** The gateway's connection, shown when it is not online. */
  get connection (): GatewayConnection {
    return this.deps.gateway.connection
  }

  /** The nicknames of those typing now, in the order they started. */
  get typingNames (): string[] {
    return [...this.typers.values()]
  }

  /** The newest message the server holds, or null. */
  get newestId (): string | null {
    return this.sent.length > 0 ? this.sent[this.sent.length - 1].message.message_id : null
  }

  /** Subscribes to the channel's dispatches, focuses the gateway on it and loads the newest page. */
  async start (): Promise<void> {
    const on = <T extends ChannelDispatch>(name: T, handler: (d: ChatDispatches[T]) => void) => {
      this.stops.push(this.deps.gateway.on(name, d => { if (d.channel_id === this.channelId) handler(d) }))
    }
    on('MESSAGE_CREATE', message => this.applyCreate(message))
    on('MESSAGE_UPDATE', message => this.applyUpdate(message))
    on('MESSAGE_DELETE', event => this.applyDelete(event))
    on('REACTION_ADD', event => this.applyReaction(event, 1))
    on('REACTION_REMOVE', event => this.applyReaction(event, -1))
    on('TYPING_START', event => this.applyTyping(event))
    on('READ_STATE_UPDATE', event => this.applyReadState(event.last_read_id))
    // a reconnect (resumed or not) may have missed dispatches: fetch what came after the newest shown
    this.stops.push(reaction(() => this.deps.gateway.connection, (now, before) => {
      if (now === 'online' && before !== 'online' && this.history.status !== 'idle') void this.catchUp()
    }))
    this.deps.gateway.focus(this.channelId)
    await (this.foundId === null ? this.loadLatest() : this.loadAround(this.foundId))
  }

  /** Loads the messages around `messageId` (half older, half newer): the channel opened at a search hit. */
  async loadAround (messageId: string): Promise<void> {
    await this.history.run(() => this.deps.api.listHistory(this.channelId, { around: messageId, limit: this.pageSize }), page => {
      this.merge(page.items)
      this.hasOlder = page.has_more
      this.hasNewer = page.has_newer === true
      this.newerAfter = page.items[page.items.length - 1]?.message_id ?? null
      return 'ready'
    })
  }

  /** Loads the page after the stretch opened around a search hit (scrolling down); nothing when none is left or one is on its way. */
  async loadNewer (): Promise<void> {
    const after = this.newerAfter
    if (!this.hasNewer || after === null || this.newerLoading) return
    this.newerLoading = true
    try {
      const page = await this.deps.api.listHistory(this.channelId, { after, limit: this.pageSize })
      runInAction(() => {
        this.merge(page.items)
        this.hasNewer = page.has_more
        this.newerAfter = page.items[page.items.length - 1]?.message_id ?? after
      })
    } catch (error) {
      this.deps.logger.warn('[chat] loading newer messages:', error)
    } finally {
      runInAction(() => { this.newerLoading = false })
    }
  }

  /** Stops listening, drops the typing timers and the gateway focus. */
  dispose (): void {
    this.stops.splice(0).forEach(stop => stop())
    for (const uid of [...this.typers.keys()]) this.stopTyping(uid)
    this.deps.gateway.focus(null)
  }

  /** Loads the newest page (the first load, and its retry); what is already shown is kept and merged. */
  async loadLatest (): Promise<void> {
    await this.history.run(() => this.deps.api.listHistory(this.channelId, { limit: this.pageSize }), page => {
      const wasEmpty = this.sent.length === 0
      this.merge(page.items)
      if (wasEmpty) {
        this.hasOlder = page.has_more
        this.placeUnreadDivider()
      }
      return 'ready'
    })
  }

  /** Loads the page before the oldest shown (scrolling up); nothing while one is on its way or none is left. */
  async loadOlder (): Promise<void> {
    const oldest = this.sent[0]?.message.message_id
    if (!this.hasOlder || oldest === undefined || this.older.isLoading) return
    await this.older.run(() => this.deps.api.listHistory(this.channelId, { before: oldest, limit: this.pageSize }), page => {
      this.merge(page.items)
      this.hasOlder = page.has_more
      return 'ready'
    })
  }

  /**
   * Fetches every message after the newest shown (after a reconnect), page by page. When
   * more than CATCH_UP_MAX_PAGES pages were missed, the newest page replaces what is
   * shown instead (older pages load on scroll as usual), so no gap is ever shown.
   */
  catchUp (): Promise<void> {
    this.catchingUp ??= this.fetchMissed().finally(() => { this.catchingUp = null })
    return this.catchingUp
  }

  /** Sets the composer's text; tells the others I am typing (at most every TYPING_SEND_INTERVAL_MS). */
  setDraft (text: string): void {
    this.draft = text
    const tooLong = characterCount(text.trim()) > MESSAGE_CONTENT_MAX_LENGTH // the server's count: characters after trimming
    this.draftError = tooLong ? t('chatTooLong', { max: String(MESSAGE_CONTENT_MAX_LENGTH) }) : null
    const now = this.deps.clock()
    if (text.trim() === '' || this.editingId !== null || now - this.lastTypingSentAt < TYPING_SEND_INTERVAL_MS) return
    this.lastTypingSentAt = now
    this.deps.api.sendTyping(this.channelId).catch(error => this.deps.logger.warn('[chat] typing:', error))
  }

  /** What follows an `@` being typed at the end of the draft (the picker's filter), or null when none is. */
  get mentionQuery (): string | null {
    return MENTION_BEING_TYPED.exec(this.draft)?.[2] ?? null
  }

  /** Completes the `@` being typed with this member: shown as `@nickname`, sent as `<@uid>`. */
  pickMention (member: User): void {
    this.draft = this.draft.replace(MENTION_BEING_TYPED, (_whole, space: string) => `${space}@${member.nickname} `)
    this.picked.set(member.nickname, member.uid)
  }

  /** The nickname of the author of a loaded message with this uid, or null. */
  authorName (uid: string): string | null {
    return this.authorNames.get(uid) ?? null
  }

  /** uid → nickname of every loaded message's author. */
  get authorNames (): Map<string, string> {
    const names = new Map<string, string>()
    for (const entry of this.sent) names.set(entry.message.author.uid, entry.message.author.nickname)
    return names
  }

  /** Answers this message with my next one (null: none). */
  setReplyTarget (message: ChatMessage | null): void {
    this.replyTarget = message
  }

  /** Puts my message in the composer for editing. */
  startEdit (messageId: string): void {
    const entry = this.findSent(messageId)
    if (!entry || !this.isMine(entry.message)) return
    this.editingId = messageId
    this.replyTarget = null
    this.draft = entry.message.content
    this.draftError = null
  }

  /** Leaves editing; the composer empties. */
  cancelEdit (): void {
    this.editingId = null
    this.draft = ''
    this.draftError = null
  }

  /** How many characters the composer holds (an emoji counts once), for the counter. */
  get draftLength (): number {
    return characterCount(this.draft)
  }

  /** True when the composer can be sent: text within the limit or pictures without text (the server's rule), and no picture pending or failed. */
  get canSubmit (): boolean {
    return this.sendableDraft !== null && this.attachmentsBlockedBy === null
  }

  /** The composer's text as it would be sent ('' for pictures alone), or null when there is nothing to send; an edit needs text. */
  private get sendableDraft (): string | null {
    return this.editingId === null ? sendableContentOf(this.draft, this.uploads?.uploaded.length ?? 0) : messageContentOf(this.draft)
  }

  /** Issue 17: why the composer's pictures hold the message back (one uploading, one failed), or null. */
  get attachmentsBlockedBy (): string | null {
    return this.editingId === null ? this.uploads?.blockedBy ?? null : null
  }

  /** True when pictures can be attached now (an uploader is there, I am not editing, and there is room). */
  get canAttach (): boolean {
    return this.uploads !== null && this.editingId === null && this.uploads.room > 0
  }

  /**
   * Sends the composer's text (or saves the edit). A new message shows at once as
   * pending; the composer empties. An audit rejection takes the message back, puts the
   * text back in the composer with the reason under it, and sends nothing more.
   */
  async submit (): Promise<void> {
    const content = this.sendableDraft
    if (content === null) return
    if (this.editingId !== null) {
      await this.saveEdit(this.editingId, content)
      return
    }
    if (this.attachmentsBlockedBy !== null) return // issue 17: never sent while a picture is pending or failed
    const me = this.deps.me()
    if (me === null) return
    const nonce = this.newNonce()
    const target = this.replyTarget
    const { text, mentions } = this.withMentionTokens(content)
    const message: ChatMessage = {
      message_id: '',
      channel_id: this.channelId,
      server_id: this.serverId,
      author: me,
      content: text,
      nonce,
      reply_to: target ? { message_id: target.message_id, author: target.author, content: target.content.slice(0, 100) } : null,
      mentions,
      reactions: [],
      attachments: this.uploads?.uploaded.map(attachmentOf) ?? [],
      created_at: Math.floor(this.deps.clock() / 1000),
      edited_at: null,
    }
    this.outbox.push({ key: `nonce:${nonce}`, message, status: 'pending', error: null })
    this.uploads?.clear()
    this.draft = ''
    this.draftError = null
    this.replyTarget = null
    this.picked.clear()
    this.lastTypingSentAt = Number.NEGATIVE_INFINITY // the message ends my typing on the other side; the next keystroke starts it again
    await this.deliver(nonce)
  }

  /** Sends a failed message again, with its own nonce (the server answers the same message if it had arrived). */
  async retry (key: string): Promise<void> {
    const entry = this.outbox.find(item => item.key === key)
    if (!entry || entry.status !== 'failed' || entry.message.nonce === null) return
    this.replaceOutbox(key, { ...entry, status: 'pending', error: null })
    await this.deliver(entry.message.nonce)
  }

  /** Drops a failed message without sending it. */
  discard (key: string): void {
    this.outbox = this.outbox.filter(entry => entry.key !== key || entry.status !== 'failed')
  }

  /** Deletes my message, or another's as a moderator (issue 18: ManageMessages; the server decides); resolves with the failure's message, or null when deleted. */
  async remove (messageId: string): Promise<string | null> {
    try {
      await this.deps.api.deleteMessage(this.channelId, messageId)
      runInAction(() => this.applyDelete({ channel_id: this.channelId, message_id: messageId }))
      return null
    } catch (error) {
      return failureMessage(error, this.deps.logger)
    }
  }

  /** Issue 18: reports another's message to the server's moderators; resolves with the failure's message, or null when the report was taken. */
  async report (messageId: string, reason: ReportReason): Promise<string | null> {
    if (!this.deps.report) return null
    try {
      await this.deps.report({ target_type: 'message', target_id: messageId, server_id: this.serverId, reason })
      return null
    } catch (error) {
      return failureMessage(error, this.deps.logger)
    }
  }

  /** Adds my reaction, or takes it back when I had it; shown at once, undone when the server refuses. Resolves with the failure's message, or null. */
  async toggleReaction (messageId: string, emoji: string): Promise<string | null> {
    const entry = this.findSent(messageId)
    const uid = this.deps.me()?.uid
    if (!entry || uid === undefined) return null
    const had = entry.message.reactions.some(item => item.emoji === emoji && item.me)
    const event: ReactionEvent = { channel_id: this.channelId, message_id: messageId, emoji, uid }
    this.applyReaction(event, had ? -1 : 1)
    try {
      if (had) await this.deps.api.removeReaction(this.channelId, messageId, emoji)
      else await this.deps.api.addReaction(this.channelId, messageId, emoji)
      return null
    } catch (error) {
      runInAction(() => this.applyReaction(event, had ? 1 : -1))
      return failureMessage(error, this.deps.logger)
    }
  }

  /** Tells the server (and so my other devices) I have read up to the newest message; once per newest message. */
  async markRead (): Promise<void> {
    const newest = this.newestId
    if (newest === null || (this.lastReadId !== null && compareMessageIds(newest, this.lastReadId) <= 0)) return
    this.lastReadId = newest
    try {
      await this.deps.api.markRead(this.channelId, newest)
    } catch (error) {
      this.deps.logger.warn('[chat] marking read:', error)
    }
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

  /** The shown message with this id, or null (a reply's original may not be loaded). */
  findSent (messageId: string): ChatEntry | null {
    const index = searchById(this.sent, messageId)
    return index >= 0 ? this.sent[index] : null
  }

  /** The text with each picked `@nickname` written as the `<@uid>` the server reads, and the uids it mentions. */
  private withMentionTokens (content: string): { text: string, mentions: string[] } {
    let text = content
    const mentions: string[] = []
    for (const [nickname, uid] of this.picked) {
      if (!text.includes(`@${nickname}`)) continue
      text = text.split(`@${nickname}`).join(`<@${uid}>`)
      mentions.push(uid)
    }
    return { text, mentions }
  }

  private async fetchMissed (): Promise<void> {
    for (let page = 0; page < CATCH_UP_MAX_PAGES; page += 1) {
      const after = this.newestId
      if (after === null) return this.loadLatest()
      try {
        const answer = await this.deps.api.listHistory(this.channelId, { after, limit: CATCH_UP_PAGE_SIZE })
        runInAction(() => this.merge(answer.items))
        if (!answer.has_more) return
      } catch (error) {
        this.deps.logger.warn('[chat] catching up:', error)
        return
      }
    }
    const latest = await this.deps.api.listHistory(this.channelId, { limit: this.pageSize }).catch(() => null)
    if (latest === null) return
    runInAction(() => {
      this.sent = []
      this.merge(latest.items)
      this.hasOlder = latest.has_more
    })
  }

  private async deliver (nonce: string): Promise<void> {
    const key = `nonce:${nonce}`
    const entry = this.outbox.find(item => item.key === key)
    if (!entry) return
    const { content, reply_to: reply, attachments } = entry.message
    try {
      const message = await this.deps.api.sendMessage(this.channelId, {
        content, nonce, ...(reply ? { reply_to: reply.message_id } : {}), ...(attachments.length > 0 ? { attachments } : {}),
      })
      runInAction(() => this.merge([message]))
    } catch (error) {
      runInAction(() => {
        if (isRequestError(error) && error.kind === 'audit') { // the text goes back to the composer with the reason
          this.outbox = this.outbox.filter(item => item.key !== key)
          if (this.draft === '') this.draft = content
          this.uploads?.restore(attachments.map(attachment => ({ ...attachment, path: attachment.url })))
          this.draftError = error.message
          return
        }
        const failed = this.outbox.find(item => item.key === key)
        if (failed) this.replaceOutbox(key, { ...failed, status: 'failed', error: failureMessage(error, this.deps.logger) })
      })
    }
  }

  private async saveEdit (messageId: string, content: string): Promise<void> {
    try {
      const message = await this.deps.api.editMessage(this.channelId, messageId, content)
      runInAction(() => {
        this.applyUpdate(message)
        if (this.editingId === messageId) this.cancelEdit()
      })
    } catch (error) {
      runInAction(() => { this.draftError = failureMessage(error, this.deps.logger) })
    }
  }

  /** Puts server messages in their place: a known id is replaced, my pending message with the same nonce becomes sent. */
  private merge (messages: readonly ChatMessage[]): void {
    if (messages.length === 0) return
    const sent = this.sent.slice()
    const uid = this.deps.me()?.uid
    let outbox = this.outbox
    for (const message of messages) {
      const mine = message.nonce !== null && message.author.uid === uid
        ? outbox.find(item => item.message.nonce === message.nonce)
        : undefined
      if (mine) outbox = outbox.filter(item => item !== mine)
      const index = searchById(sent, message.message_id)
      if (index >= 0) sent[index] = { ...sent[index], message }
      else sent.splice(-index - 1, 0, { key: mine?.key ?? message.message_id, message, status: 'sent', error: null })
    }
    this.sent = sent
    this.outbox = outbox
  }

  private replaceOutbox (key: string, entry: ChatEntry): void {
    this.outbox = this.outbox.map(item => item.key === key ? entry : item)
  }

  private placeUnreadDivider (): void {
    if (this.unreadAtOpen === 0 || this.unreadAtOpen > this.sent.length) return
    this.firstUnreadId = this.sent[this.sent.length - this.unreadAtOpen].message.message_id
  }

  private applyCreate (message: ChatMessage): void {
    this.stopTyping(message.author.uid)
    this.merge([message])
  }

  private applyUpdate (message: ChatMessage): void {
    if (this.findSent(message.message_id)) this.merge([message]) // an unloaded message stays unloaded (no gap)
  }

  private applyDelete (event: MessageDeleteEvent): void {
    const index = searchById(this.sent, event.message_id)
    if (index < 0) return
    this.sent = [...this.sent.slice(0, index), ...this.sent.slice(index + 1)]
    if (this.replyTarget?.message_id === event.message_id) this.replyTarget = null
    if (this.editingId === event.message_id) this.cancelEdit()
  }

  private applyReaction (event: ReactionEvent, delta: 1 | -1): void {
    const index = searchById(this.sent, event.message_id)
    if (index < 0) return
    const entry = this.sent[index]
    const reactions = reactedWith(entry.message.reactions, event.emoji, delta, event.uid === this.deps.me()?.uid)
    const sent = this.sent.slice()
    sent[index] = { ...entry, message: { ...entry.message, reactions } }
    this.sent = sent
  }

  private applyTyping (event: TypingEvent): void {
    if (event.uid === this.deps.me()?.uid) return
    this.typingTimers.get(event.uid)?.()
    this.typers.set(event.uid, event.nickname)
    this.typingTimers.set(event.uid, this.deps.scheduler.schedule(() => runInAction(() => this.stopTyping(event.uid)), TYPING_SHOWN_MS))
  }

  private stopTyping (uid: string): void {
    this.typingTimers.get(uid)?.()
    this.typingTimers.delete(uid)
    this.typers.delete(uid)
  }

  private applyReadState (lastReadId: string): void {
    if (this.lastReadId === null || compareMessageIds(lastReadId, this.lastReadId) > 0) this.lastReadId = lastReadId
  }
}

/** What {@link ChatAccess} reads of the root's PermissionsStore. */
export interface ChatPermissions {
  /** The last answer of GET permissions/me, or null (not loaded, a visitor, or it failed). */
  readonly mine: { readonly is_member: boolean } | null
  can (name: PermissionName, channelId?: string): boolean
  /** Unix seconds my timeout ends, or null when I am not timed out now. */
  readonly timedOutUntil: number | null
  /** Asks the server again (a timeout that ended gives the speaking bits back). */
  reload (): Promise<void>
}

/** What goes where the composer goes: the composer, the timeout notice (until unix seconds), or the word that I may not speak here. */
export type ComposerAccess = { kind: 'compose' } | { kind: 'timed-out', until: number } | { kind: 'no-send' }

/** What ChatAccess needs: the permissions, the clock and the timers. */
export interface ChatAccessDeps {
  permissions: ChatPermissions
  /** Whether I am a member of the channel's server (true or false once known, null before). */
  isMember: () => boolean | null
  /** The current time in unix milliseconds. */
  clock: () => number
  scheduler: TimerScheduler
}

/**
 * Issue 18: what I may do in one channel's chat, from the server's answer (the client only
 * hides what the server would refuse): whether the composer shows or why not, whether I
 * may delete others' messages and attach pictures. A timeout's notice goes when its time
 * passes (the permissions are asked again then, since the server took the speaking bits).
 */
export class ChatAccess {
  /** Bumped when a timeout's end passes, so what depends on the clock is read again. */
  private clockTick = 0
  private readonly stops: Array<() => void> = []
  private cancelTimer: (() => void) | null = null

  constructor (readonly channelId: string, private readonly deps: ChatAccessDeps) {
    makeAutoObservable<ChatAccess, 'deps' | 'stops' | 'cancelTimer'>(this, { deps: false, stops: false, cancelTimer: false, channelId: false })
  }

  /** What goes where the composer goes (a member's view; a visitor sees the join bar). */
  get composer (): ComposerAccess {
    void this.clockTick
    const { permissions } = this.deps
    const until = permissions.timedOutUntil
    if (until !== null) return { kind: 'timed-out', until } // SPEC issue 18: a muted member's composer says until when
    if (permissions.mine?.is_member === true && !permissions.can('SendMessages', this.channelId)) return { kind: 'no-send' }
    return { kind: 'compose' }
  }

  /** Issue 18: I may delete others' messages here (ManageMessages in this channel). */
  get canModerate (): boolean {
    return this.deps.permissions.can('ManageMessages', this.channelId)
  }

  /** Issue 18: I may attach pictures here (AttachFiles in this channel). */
  get canAttach (): boolean {
    return this.deps.permissions.can('AttachFiles', this.channelId)
  }

  /**
   * Follows the timeout (when it ends, the notice goes and the permissions are asked
   * again) and my joining (the answer from before I joined held a visitor's bits).
   */
  start (): void {
    const { permissions, isMember } = this.deps
    this.stops.push(reaction(() => permissions.timedOutUntil, until => this.waitUntil(until), { fireImmediately: true }))
    this.stops.push(reaction(() => isMember() === true && permissions.mine?.is_member === false, stale => {
      if (stale) void permissions.reload()
    }, { fireImmediately: true }))
  }

  /** Stops following. */
  dispose (): void {
    this.stops.splice(0).forEach(stop => stop())
    this.cancelTimer?.()
    this.cancelTimer = null
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

/** What ServerMembers needs: a page of the server's members (the members API's list). */
export interface ServerMembersDeps {
  listMembers: (serverId: string, page?: { after?: string, limit?: number }) => Promise<MemberPage>
  logger: StoreLogger
}

/** A server's members for the `@` picker and for showing mentions by nickname. */
export class ServerMembers {
  /** Loaded members, in the server's order. */
  members: Member[] = []
  private readonly listing: LoadTracker

  constructor (readonly serverId: string, private readonly deps: ServerMembersDeps) {
    this.listing = new LoadTracker(deps.logger)
    makeAutoObservable<ServerMembers, 'deps' | 'listing'>(this, { deps: false, listing: false, serverId: false, members: observable.ref })
  }

  /** Status of the member list. */
  get status (): StoreStatus {
    return this.listing.status
  }

  /** Loads the first page of members (the picker's candidates); nothing while one is on its way. */
  async load (): Promise<void> {
    if (this.listing.isLoading) return
    await this.listing.run(() => this.deps.listMembers(this.serverId, { limit: MEMBER_PAGE_SIZE }), page => {
      this.members = page.items
      return page.items.length > 0 ? 'ready' : 'empty'
    })
  }

  /** The nickname of a loaded member, or null. */
  nicknameOf (uid: string): string | null {
    return this.members.find(member => member.user.uid === uid)?.user.nickname ?? null
  }

  /** The members whose nickname contains `query` (case-insensitive), for the `@` picker. */
  matching (query: string): Member[] {
    const wanted = query.trim().toLowerCase()
    return wanted === '' ? this.members : this.members.filter(member => member.user.nickname.toLowerCase().includes(wanted))
  }
}

/** What a discussion is built on: the root store's transports, session and clock. */
export interface DiscussionRoot {
  messages: MessagesApi
  members: { list: ServerMembersDeps['listMembers'] }
  gateway: ChatGateway
  session: { readonly user: User | null }
  clock: () => number
  logger: StoreLogger
  /** Upload tokens for the composer's pictures (SPEC §7). */
  api: Pick<ApiClient, 'getUploadToken'>
  /** Reports (issue 18). */
  trust: { report: (body: ReportBody) => Promise<unknown> }
  /** What the signed-in member may do in the current server. */
  permissions: ChatPermissions
  /** My membership of the current server. */
  server: { readonly isMember: boolean | null }
}

/** A discussion channel's chat, its server's members and what I may do there, built on the root's transports; the page starts and disposes them. */
export function openDiscussion (
  root: DiscussionRoot,
  channel: { channel_id: string, server_id: string },
  options: { unreadCount: number, scheduler: TimerScheduler, aroundId?: string },
): { chat: ChannelChat, members: ServerMembers, access: ChatAccess } {
  return {
    chat: new ChannelChat(
      { channelId: channel.channel_id, serverId: channel.server_id, unreadCount: options.unreadCount, aroundId: options.aroundId },
      {
        api: root.messages,
        gateway: root.gateway,
        logger: root.logger,
        me: () => root.session.user,
        clock: root.clock,
        scheduler: options.scheduler,
        upload: storageUploader(root.api),
        report: body => root.trust.report(body),
      },
    ),
    members: new ServerMembers(channel.server_id, { listMembers: (serverId, page) => root.members.list(serverId, page), logger: root.logger }),
    access: new ChatAccess(channel.channel_id, { permissions: root.permissions, isMember: () => root.server.isMember, clock: root.clock, scheduler: options.scheduler }),
  }
}

/**
 * The composer of a conversation: the text being written (checked against the server's
 * length rule as it is typed), the `@` mentions picked for it, the message it answers or
 * the message of mine it edits, and the pictures it attaches (uploaded first,
 * through the shared {@link UploadQueue}). What is sent is handed to the outbox whole.
 * The text being written is kept in the device's storage per member and conversation,
 * so leaving the conversation or reloading loses nothing; sending it clears it.
 */
import { makeAutoObservable, observable } from 'mobx'
import { EVERYONE_MENTION, MESSAGE_CONTENT_MAX_LENGTH, characterCount, messageContentOf, sendableContentOf } from '@core/domain/messages'
import type { User } from '@core/wire/entities'
import type { Attachment } from '@core/wire/messages'
import { t } from '@/i18n'
import type { StoreLogger } from '../support/load-tracker'
import type { KeyValueStorage } from '../account/session-store'
import type { ImageUploader } from '@/services/api/storage-upload'
import { UploadQueue } from '../support/upload-queue'
import { CHAT_ATTACHMENTS_MAX, attachmentOf } from './attachments'
import type { OutgoingMessage } from './outbox'
import type { ChatMessage } from './types'

/** A mention being typed at the end of the composer's text: `@` and what follows it. */
const MENTION_BEING_TYPED = /(^|\s)@([^\s@<>]{0,32})$/

/** The storage key of a member's unsent text in one conversation (`conversationKey`: `channel:<id>`, and so on). */
export function composerDraftKey (uid: string, conversationKey: string): string {
  return `openrealm-draft:${uid}:${conversationKey}`
}

/** Where a composer keeps its unsent text: the device's storage, under the key of the member and conversation (null while nobody is signed in). */
export interface DraftKeeping {
  storage: KeyValueStorage
  key: () => string | null
}

/** What a composer needs: the picture uploader (without one no picture can be attached), and where its text is kept (without it, as long as the composer lives). */
export interface ComposerDeps {
  upload?: ImageUploader
  logger: StoreLogger
  keeping?: DraftKeeping
}

/** What I am writing in one conversation. */
export class Composer {
  /** The composer's text. */
  draft = ''
  /** Why the composer's text was refused (an audit rejection, too long), shown under the composer; else null. */
  draftError: string | null = null
  /** The message my next message answers, or null. */
  replyTarget: ChatMessage | null = null
  /** The message of mine the composer edits, or null. */
  editingId: string | null = null
  /** The pictures the composer attaches to my next message, or null when pictures cannot be attached. */
  readonly uploads: UploadQueue | null
  /** Members picked with the `@` picker for the draft: the nickname shown → their uid. */
  private readonly picked = new Map<string, string>()

  constructor (private readonly deps: ComposerDeps) {
    this.uploads = deps.upload ? new UploadQueue({ upload: deps.upload, logger: deps.logger, max: CHAT_ATTACHMENTS_MAX }) : null
    makeAutoObservable<Composer, 'picked' | 'deps'>(this, { picked: false, deps: false, uploads: false, replyTarget: observable.ref })
    this.draft = this.kept()
  }

  /** Sets the composer's text, and says when it is longer than the server takes. */
  setDraft (text: string): void {
    this.draft = text
    this.keep()
    const tooLong = characterCount(text.trim()) > MESSAGE_CONTENT_MAX_LENGTH // the server's count: characters after trimming
    this.draftError = tooLong ? t('chatTooLong', { max: String(MESSAGE_CONTENT_MAX_LENGTH) }) : null
  }

  /** What follows an `@` being typed at the end of the draft (the picker's filter), or null when none is. */
  get mentionQuery (): string | null {
    return MENTION_BEING_TYPED.exec(this.draft)?.[2] ?? null
  }

  /** Completes the `@` being typed with this member: shown as `@nickname`, sent as `<@uid>`. */
  pickMention (member: User): void {
    this.draft = this.draft.replace(MENTION_BEING_TYPED, (_whole, space: string) => `${space}@${member.nickname} `)
    this.picked.set(member.nickname, member.uid)
    this.keep()
  }

  /** Completes the `@` being typed with @全体成员, sent as written (the server reads it: everyone who may read the channel is told). */
  pickEveryone (): void {
    this.draft = this.draft.replace(MENTION_BEING_TYPED, (_whole, space: string) => `${space}${EVERYONE_MENTION} `)
    this.keep()
  }

  /** Answers this message with my next one (null: none). */
  setReplyTarget (message: ChatMessage | null): void {
    this.replyTarget = message
  }

  /** Puts my message in the composer for editing (the text I was writing waits in storage until the edit ends). */
  startEdit (message: ChatMessage): void {
    this.editingId = message.message_id
    this.replyTarget = null
    this.draft = message.content
    this.draftError = null
  }

  /** Leaves editing; the composer shows the text I was writing before, or empties. */
  cancelEdit (): void {
    this.editingId = null
    this.draft = this.kept()
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
  get sendableDraft (): string | null {
    return this.editingId === null ? sendableContentOf(this.draft, this.uploads?.uploaded.length ?? 0) : messageContentOf(this.draft)
  }

  /** Why the composer's pictures hold the message back (one uploading, one failed), or null. */
  get attachmentsBlockedBy (): string | null {
    return this.editingId === null ? this.uploads?.blockedBy ?? null : null
  }

  /** True when pictures can be attached now (an uploader is there, I am not editing, and there is room). */
  get canAttach (): boolean {
    return this.uploads !== null && this.editingId === null && this.uploads.room > 0
  }

  /** The message the composer holds, as the outbox sends it; the composer empties. */
  takeOutgoing (content: string): OutgoingMessage {
    const outgoing = { ...this.withMentionTokens(content), replyTo: this.replyTarget, attachments: this.uploads?.uploaded.map(attachmentOf) ?? [] }
    this.uploads?.clear()
    this.draft = ''
    this.keep()
    this.draftError = null
    this.replyTarget = null
    this.picked.clear()
    return outgoing
  }

  /** An audit-refused message comes back: its text (unless I started another) and pictures, with the reason under them. */
  giveBack (content: string, attachments: readonly Attachment[], reason: string): void {
    if (this.draft === '') this.draft = content
    this.keep()
    this.uploads?.restore(attachments.map(attachment => ({ ...attachment, path: attachment.url })))
    this.draftError = reason
  }

  /** Says why what the composer holds was refused (an edit the server did not take). */
  refuse (reason: string): void {
    this.draftError = reason
  }

  /** A deleted message is no longer answered or edited. */
  forget (messageId: string): void {
    if (this.replyTarget?.message_id === messageId) this.replyTarget = null
    if (this.editingId === messageId) this.cancelEdit()
  }

  /** The unsent text kept for this member and conversation, or '' when none is. */
  private kept (): string {
    const key = this.deps.keeping?.key() ?? null
    return key === null ? '' : this.deps.keeping?.storage.get(key) ?? ''
  }

  /** Keeps the text being written (not an edit of a sent message); an empty composer keeps nothing. */
  private keep (): void {
    const key = this.deps.keeping?.key() ?? null
    if (key === null || this.editingId !== null) return
    const { storage } = this.deps.keeping as DraftKeeping
    if (this.draft === '') storage.remove(key)
    else storage.set(key, this.draft)
  }

  /** The text with each picked `@nickname` written as the `<@uid>` the server reads, and the uids it mentions. */
  private withMentionTokens (content: string): { content: string, mentions: string[] } {
    let text = content
    const mentions: string[] = []
    for (const [nickname, uid] of this.picked) {
      if (!text.includes(`@${nickname}`)) continue
      text = text.split(`@${nickname}`).join(`<@${uid}>`)
      mentions.push(uid)
    }
    return { content: text, mentions }
  }
}

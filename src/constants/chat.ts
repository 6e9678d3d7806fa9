/** Chat limits and timings. */
import { MESSAGE_CONTENT_MAX_LENGTH } from '@core/domain/messages'
import { HISTORY_LIMIT_DEFAULT, HISTORY_LIMIT_MAX } from '@core/wire/messages-paths'
import { MEMBER_PAGE_MAX } from '@core/wire/members-paths'

/** How many characters make the composer show its counter: the last 200 of MESSAGE_CONTENT_MAX_LENGTH (2000). */
export const MESSAGE_COUNTER_FROM = MESSAGE_CONTENT_MAX_LENGTH - 200

/** Messages asked for per history page: the API's default page. */
export const HISTORY_PAGE_SIZE = HISTORY_LIMIT_DEFAULT

/** Messages asked for per catch-up page after a reconnect: the API's largest page. */
export const CATCH_UP_PAGE_SIZE = HISTORY_LIMIT_MAX

/**
 * Older pages (of CATCH_UP_PAGE_SIZE) fetched at opening to reach the first unread message
 * when the newest page holds fewer than the unread count, or does not reach back to the
 * read position the channel list told (core/wire/entities.ts `last_read_id`): the server
 * counts at most 100 (`unread_count`), so one page covers the count; a count grown live
 * beyond that, or a read position further back, stops after these pages (the divider then
 * stays out).
 */
export const FIRST_UNREAD_MAX_PAGES = 3

/** Catch-up pages fetched before giving up and reloading the newest page instead. */
export const CATCH_UP_MAX_PAGES = 20

/** How long someone shows as typing after their last typing event. */
export const TYPING_SHOWN_MS = 8000

/** The shortest wait between two typing events I send. */
export const TYPING_SEND_INTERVAL_MS = 5000

/** The reactions offered under a message. */
export const REACTION_EMOJIS = ['👍', '❤️', '😂', '🎉', '😮', '😢'] as const

/** Members asked for per page by the `@` picker: the API's largest page. */
export const MEMBER_PAGE_SIZE = MEMBER_PAGE_MAX

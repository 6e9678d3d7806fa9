/** Chat limits and timings (issue 16). */

/** How many characters (of core/domain/messages MESSAGE_CONTENT_MAX_LENGTH, 2000) make the composer show its counter. */
export const MESSAGE_COUNTER_FROM = 1800

/** Messages asked for per history page (the API allows 1..100). */
export const HISTORY_PAGE_SIZE = 50

/** Messages asked for per catch-up page after a reconnect (the API's largest page). */
export const CATCH_UP_PAGE_SIZE = 100

/** Catch-up pages fetched before giving up and reloading the newest page instead. */
export const CATCH_UP_MAX_PAGES = 20

/** How long someone shows as typing after their last typing event. */
export const TYPING_SHOWN_MS = 8000

/** The shortest wait between two typing events I send. */
export const TYPING_SEND_INTERVAL_MS = 5000

/** The reactions offered under a message. */
export const REACTION_EMOJIS = ['👍', '❤️', '😂', '🎉', '😮', '😢'] as const

/** Members asked for per page by the `@` picker. */
export const MEMBER_PAGE_SIZE = 100

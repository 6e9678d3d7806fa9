/** Attributes that make the H5 pages readable by screen readers and reachable by keyboard. */

/**
 * The H5 attributes of a picture whose meaning the text beside it already carries (an
 * avatar by its name, a cover by its title, an icon by its channel): an empty alt, so
 * screen readers skip it instead of reading its file name.
 */
export const DECORATIVE_IMAGE: Readonly<Record<string, string>> = { alt: '' }

/**
 * Lets a tappable View take keyboard focus on H5 (Taro's View types lack tabIndex; the
 * DOM element takes it), so keyboards reach it and scroll the page it sits in.
 */
export const FOCUSABLE: Readonly<Record<string, unknown>> = { tabIndex: 0 }

/**
 * Marks the item of a navigation list that is the one shown (the current
 * server on the desktop rail), so screen readers say so as the highlight does.
 */
export const CURRENT_PAGE: Readonly<Record<string, string>> = { 'aria-current': 'page' }

/**
 * The role of a list of ways to other places (the desktop rail, the channel column). Given
 * as `role`: Taro writes its `ariaRole` prop as an `aria-role` attribute, which no screen reader reads.
 */
export const NAVIGATION: Readonly<Record<string, string>> = { role: 'navigation' }

/** The role of a notice that appears without being asked for (the started reminders on Home). */
export const STATUS: Readonly<Record<string, string>> = { role: 'status' }

/** The role of a message that needs attention now (a refused message, a failed picture). */
export const ALERT: Readonly<Record<string, string>> = { role: 'alert' }

/** The role of a list to pick one entry from (the composer's mention candidates). */
export const LISTBOX: Readonly<Record<string, string>> = { role: 'listbox' }

/** The role of one entry of a LISTBOX. */
export const OPTION: Readonly<Record<string, string>> = { role: 'option' }

/** The role of a panel that opens over the page (the member sheet). */
export const DIALOG: Readonly<Record<string, string>> = { role: 'dialog' }

/** The role of a tappable text that opens another page. */
export const LINK: Readonly<Record<string, string>> = { role: 'link' }

/** The role of a set of choices of which one is chosen, and of each choice. */
export const RADIOGROUP: Readonly<Record<string, string>> = { role: 'radiogroup' }
export const RADIO: Readonly<Record<string, string>> = { role: 'radio' }

/** The role of one of a row of tabs that switch what a page shows. */
export const TAB: Readonly<Record<string, string>> = { role: 'tab' }

/** The role of the row that holds the TABs (axe: a tab outside a tablist is a critical fault). */
export const TABLIST: Readonly<Record<string, string>> = { role: 'tablist' }

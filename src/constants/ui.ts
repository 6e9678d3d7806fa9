/** Feedback and page constants (SPEC §9). */

/** SPEC §9: toast default duration. */
export const TOAST_DURATION_MS = 1500

/** SPEC §9: page animation default duration. */
export const PAGE_ANIMATION_DURATION_MS = 300

/** SPEC §9: page animation default delay. */
export const PAGE_ANIMATION_DELAY_MS = 50

/** SPEC §9: distance from the bottom, in px, at which a list loads its next page. */
export const REACH_BOTTOM_DISTANCE_PX = 50

/** SPEC §9: default maxlength of a text input. */
export const TEXT_INPUT_MAXLENGTH = 140

/** SPEC §9: default wait of throttle and debounce. */
export const THROTTLE_DEBOUNCE_MS = 100

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

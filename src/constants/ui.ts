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

/**
 * A tappable View as a keyboard button on H5 — Tab reaches it, Enter or Space
 * does its tap (the mini-program has no keyboard: pressable.ts). The key is taken by the
 * innermost pressable only, so a like inside a post card does not also open the card.
 */
import { FOCUSABLE } from '@/constants/a11y'

/** The part of a keyboard event a pressable reads. */
export interface PressKeyEvent {
  key?: string
  preventDefault?: () => void
  stopPropagation?: () => void
}

/** The keys that press a button (the DOM's own buttons take the same). */
const PRESS_KEYS = new Set(['Enter', ' ', 'Spacebar'])

/** The props that make a View a button: a tap, Enter or Space calls `onPress`, and Tab reaches it. */
export function pressable (onPress: () => void): Readonly<Record<string, unknown>> {
  return {
    ...FOCUSABLE,
    onClick: () => onPress(),
    role: 'button', // not ariaRole: Taro writes that as an aria-role attribute, which no screen reader reads
    onKeyDown: (event: PressKeyEvent) => {
      if (event.key === undefined || !PRESS_KEYS.has(event.key)) return
      event.preventDefault?.() // Space would scroll the page
      event.stopPropagation?.()
      onPress()
    },
  }
}

/**
 * A tappable View as a button: the mini-program has no keyboard, so only the tap is
 * given there (the H5 build uses pressable.h5.ts, where Enter and Space press it too).
 */

/** The props that make a View a button: a tap calls `onPress`. */
export function pressable (onPress: () => void): Readonly<Record<string, unknown>> {
  return { onClick: () => onPress() }
}

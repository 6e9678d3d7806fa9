/**
 * Keys held on a desktop's keyboard, for pages that act while a key is down (the space's
 * steering, voice's push-to-talk): one way to listen and to let go, and one test of whether
 * a key press is typing in a text field (which no held-key action may take).
 */

/** What a page does with held keys: a key pressed, a key released, and the window losing focus (every key let go). */
export interface WindowKeyHandlers {
  down: (event: KeyboardEvent) => void
  up: (event: KeyboardEvent) => void
  release: () => void
}

/** Listens to the window's keys; the answer stops listening (an effect's clean-up). */
export function listenToWindowKeys ({ down, up, release }: WindowKeyHandlers): () => void {
  window.addEventListener('keydown', down)
  window.addEventListener('keyup', up)
  window.addEventListener('blur', release)
  return () => {
    window.removeEventListener('keydown', down)
    window.removeEventListener('keyup', up)
    window.removeEventListener('blur', release)
  }
}

/** True when a key event's target is a text field (input, textarea or editable content): the keys are typing. */
export function typingIn (target: EventTarget | null): boolean {
  const element = target as HTMLElement | null
  return element !== null && (element.tagName === 'INPUT' || element.tagName === 'TEXTAREA' || element.isContentEditable === true)
}

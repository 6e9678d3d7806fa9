/**
 * Copying text to the clipboard on H5, with the browser's own means and inside the tap
 * that asked for it: the Clipboard API where the page may use it (a secure context),
 * else a selected read-only field and `execCommand('copy')`. Taro's setClipboardData
 * does the latter too, but shows its own toast (内容已复制, never translated) beside the
 * app's, and it brings Taro's toast and modal views into the first load of every page
 * that can share (see feedback-ui.ts).
 */

/** Copies by selecting a field off screen; throws when the browser refuses. */
function copyBySelection (text: string): void {
  const field = document.createElement('textarea')
  field.readOnly = true
  field.value = text
  field.style.position = 'absolute'
  field.style.left = '-10000px'
  document.body.appendChild(field)
  try {
    field.select()
    field.setSelectionRange(0, text.length)
    if (typeof document.execCommand !== 'function' || !document.execCommand('copy')) throw new Error('setClipboardData:fail the browser refused to copy')
  } finally {
    document.body.removeChild(field)
  }
}

/** Copies `text`; rejects when the browser refused. */
export async function copyText (text: string): Promise<void> {
  if (window.isSecureContext && navigator.clipboard) {
    try {
      await navigator.clipboard.writeText(text)
      return
    } catch {
      // a refused permission still leaves the selection way, started within the same tap
    }
  }
  copyBySelection(text)
}

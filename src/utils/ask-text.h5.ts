/** Asking the member for one line of text (a passkey's name) in the browser: its own prompt. */

/** The text typed, or null when the member cancelled. */
export async function askText (title: string, value: string): Promise<string | null> {
  return window.prompt(title, value)
}

/**
 * What an edit box shows when the saved value it edits changes under it (a live
 * reload while the owner types): a draft the member changed is theirs and stays; an
 * untouched draft follows the new saved value.
 */

/** The draft after the saved value went from `lastSaved` to `incoming`. */
export function draftAfterReload (draft: string, lastSaved: string, incoming: string): string {
  return draft === lastSaved ? incoming : draft
}

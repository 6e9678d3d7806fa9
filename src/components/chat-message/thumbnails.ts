/**
 * The size a message's pictures take, in design px (750 = the window), worked
 * out from each picture's natural width and height before it loads, so the list does not
 * jump when it does. One picture fits a box of SINGLE_THUMB_PX; several sit in a grid of
 * GRID_THUMB_PX squares.
 */
import type { Attachment } from '@core/wire/messages'

/** The largest side of a message's only picture, in design px. */
export const SINGLE_THUMB_PX = 360
/** The side of each square when a message holds several pictures, in design px. */
export const GRID_THUMB_PX = 180
/** Squares per grid row. */
export const GRID_COLUMNS = 3
/** Space between the squares and above the pictures, in design px. */
export const THUMB_GAP_PX = 8

/** The shown width and height of one picture of a message with `count` pictures (a picture of unknown size shows square). */
export function thumbnailBox (attachment: Pick<Attachment, 'width' | 'height'>, count: number): { width: number, height: number } {
  if (count > 1) return { width: GRID_THUMB_PX, height: GRID_THUMB_PX }
  const { width, height } = attachment
  if (!(width > 0) || !(height > 0)) return { width: SINGLE_THUMB_PX, height: SINGLE_THUMB_PX }
  const scale = Math.min(1, SINGLE_THUMB_PX / Math.max(width, height))
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) }
}

/** The height a message's pictures add to its row, in design px (0 when it has none). */
export function thumbnailsHeight (attachments: ReadonlyArray<Pick<Attachment, 'width' | 'height'>>): number {
  if (attachments.length === 0) return 0
  if (attachments.length === 1) return THUMB_GAP_PX + thumbnailBox(attachments[0], 1).height
  const rows = Math.ceil(attachments.length / GRID_COLUMNS)
  return THUMB_GAP_PX + rows * GRID_THUMB_PX + (rows - 1) * THUMB_GAP_PX
}

import { GRID_THUMB_PX, SINGLE_THUMB_PX, THUMB_GAP_PX, thumbnailBox, thumbnailsHeight } from '@/components/chat-message/thumbnails'

describe('the size of a message\'s pictures', () => {
  it('fits a single picture into its box keeping its shape, and never enlarges a small one', () => {
    expect(thumbnailBox({ width: 1200, height: 600 }, 1)).toEqual({ width: SINGLE_THUMB_PX, height: SINGLE_THUMB_PX / 2 })
    expect(thumbnailBox({ width: 300, height: 3000 }, 1)).toEqual({ width: 36, height: SINGLE_THUMB_PX })
    expect(thumbnailBox({ width: 100, height: 80 }, 1)).toEqual({ width: 100, height: 80 })
  })

  it('shows a picture of unknown size square, and several as grid squares', () => {
    expect(thumbnailBox({ width: 0, height: 0 }, 1)).toEqual({ width: SINGLE_THUMB_PX, height: SINGLE_THUMB_PX })
    expect(thumbnailBox({ width: 1200, height: 600 }, 2)).toEqual({ width: GRID_THUMB_PX, height: GRID_THUMB_PX })
  })

  it('adds the pictures\' height to the row: nothing, one picture, or grid rows of three', () => {
    expect(thumbnailsHeight([])).toBe(0)
    expect(thumbnailsHeight([{ width: 800, height: 400 }])).toBe(THUMB_GAP_PX + 180)
    const four = Array.from({ length: 4 }, () => ({ width: 10, height: 10 }))
    expect(thumbnailsHeight(four)).toBe(THUMB_GAP_PX + 2 * GRID_THUMB_PX + THUMB_GAP_PX)
  })
})

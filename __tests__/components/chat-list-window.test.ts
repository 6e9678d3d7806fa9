import { listWindow, rowOffsets } from '@/components/chat-message-list/list-window'

describe('the rendered window of a long list', () => {
  it('renders only the rows near the viewport of 10,000 messages, and spacers keep the full height', () => {
    const heights = Array.from({ length: 10_000 }, (_, index) => 40 + (index % 5) * 10)
    const offsets = rowOffsets(heights)
    const total = offsets[10_000]
    const atBottom = listWindow(offsets, { scrollTop: total - 800, viewportHeight: 800, overscan: 400 })
    expect(atBottom.end - atBottom.start).toBeLessThan(40)
    expect(atBottom.end).toBe(10_000)
    expect(atBottom.before + (offsets[atBottom.end] - offsets[atBottom.start]) + atBottom.after).toBe(total)
  })

  it('starts at the row the viewport top (less the overscan) falls in', () => {
    const offsets = rowOffsets([100, 100, 100, 100, 100, 100])
    expect(listWindow(offsets, { scrollTop: 250, viewportHeight: 100, overscan: 0 })).toEqual({ start: 2, end: 4, before: 200, after: 200, total: 600 })
  })

  it('renders every row of a short list', () => {
    const offsets = rowOffsets([30, 30])
    expect(listWindow(offsets, { scrollTop: 0, viewportHeight: 800, overscan: 200 })).toEqual({ start: 0, end: 2, before: 0, after: 0, total: 60 })
  })

  it('renders nothing for an empty list', () => {
    expect(listWindow(rowOffsets([]), { scrollTop: 0, viewportHeight: 800, overscan: 200 })).toEqual({ start: 0, end: 0, before: 0, after: 0, total: 0 })
  })
})

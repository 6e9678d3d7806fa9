import { wantsDesktopLayout } from '@/hooks/use-desktop-layout'

describe('wantsDesktopLayout', () => {
  it('keeps the phone layout below 1024 px and shows the desktop layout from 1024 px on', () => {
    expect([390, 1023, 1024, 1440].map(width => wantsDesktopLayout(width, false))).toEqual([false, false, true, true])
  })

  it('shows the desktop layout at any width when viewpc asks for it', () => {
    expect(wantsDesktopLayout(390, true)).toBe(true)
  })
})

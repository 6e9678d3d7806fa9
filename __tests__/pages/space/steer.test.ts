import { steerOfDrag, steerOfKeys, STICK_DEAD_ZONE } from '@/pages/space/steer'

describe('steering the avatar', () => {
  it('walks the way of the arrow keys and WASD held, diagonally with two', () => {
    expect(steerOfKeys(['arrowup'])).toEqual({ dx: 0, dy: -1 })
    expect(steerOfKeys(['d', 's'])).toEqual({ dx: 1, dy: 1 })
    expect(steerOfKeys(['a', 'arrowleft'])).toEqual({ dx: -1, dy: 0 })
  })

  it('stops when opposite keys are held or none that steer', () => {
    expect(steerOfKeys(['arrowleft', 'arrowright'])).toEqual({ dx: 0, dy: 0 })
    expect(steerOfKeys(['q', 'enter'])).toEqual({ dx: 0, dy: 0 })
  })

  it('walks the way the stick is dragged, diagonally when the drag is', () => {
    expect(steerOfDrag(40, 3)).toEqual({ dx: 1, dy: 0 })
    expect(steerOfDrag(-30, -30)).toEqual({ dx: -1, dy: -1 })
    expect(steerOfDrag(2, 50)).toEqual({ dx: 0, dy: 1 })
  })

  it('ignores a drag within the dead zone', () => {
    expect(steerOfDrag(STICK_DEAD_ZONE - 2, 0)).toEqual({ dx: 0, dy: 0 })
  })
})

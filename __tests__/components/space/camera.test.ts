import { cameraFollowing, isInView, mapToScreen, screenToMap } from '@/components/space/camera'

const map = { width: 1000, height: 800 }
const view = { width: 400, height: 300 }

describe('the space camera', () => {
  it('centres on my avatar in the middle of the map', () => {
    const camera = cameraFollowing({ x: 500, y: 400 }, map, view)
    expect(camera.left).toBe(300)
    expect(camera.top).toBe(250)
  })

  it('stops at the map edges so nothing beyond the map shows', () => {
    expect(cameraFollowing({ x: 10, y: 10 }, map, view)).toMatchObject({ left: 0, top: 0 })
    expect(cameraFollowing({ x: 990, y: 790 }, map, view)).toMatchObject({ left: 600, top: 500 })
  })

  it('centres a map smaller than the view', () => {
    const camera = cameraFollowing({ x: 50, y: 50 }, { width: 200, height: 100 }, view)
    expect(camera.left).toBe(-100)
    expect(camera.top).toBe(-100)
  })

  it('counts the view in map pixels when zoomed', () => {
    const camera = cameraFollowing({ x: 500, y: 400 }, map, view, 2)
    expect(camera.left).toBe(400)
    expect(camera.top).toBe(325)
  })

  it('converts a tap to the map point under it and back', () => {
    const camera = cameraFollowing({ x: 500, y: 400 }, map, view, 2)
    const point = screenToMap(camera, { x: 100, y: 50 })
    expect(point).toEqual({ x: 450, y: 350 })
    expect(mapToScreen(camera, point)).toEqual({ x: 100, y: 50 })
  })

  it('tells which map points the view shows, with a margin', () => {
    const camera = cameraFollowing({ x: 500, y: 400 }, map, view)
    expect(isInView(camera, { x: 500, y: 400 })).toBe(true)
    expect(isInView(camera, { x: 290, y: 400 })).toBe(false)
    expect(isInView(camera, { x: 290, y: 400 }, 20)).toBe(true)
  })
})

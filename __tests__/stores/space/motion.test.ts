import { drawnPosition, drawnWalking, INTERPOLATION_DELAY_MS, isMovingAt, MOTION_SAMPLES, positionAt, pushSample, type MotionTrack } from '@/stores/space/motion'

describe('avatar motion between ticks', () => {
  it('draws an avatar between the two ticks around the moment it shows', () => {
    const track: MotionTrack = []
    pushSample(track, 0, 0, 1000)
    pushSample(track, 100, 50, 1100)
    expect(positionAt(track, 1050)).toEqual({ x: 50, y: 25 })
  })

  it('shows the avatar the delay behind the newest tick', () => {
    const track: MotionTrack = []
    pushSample(track, 0, 0, 1000)
    pushSample(track, 100, 0, 1100)
    expect(drawnPosition(track, 1100)).toEqual({ x: 0, y: 0 })
    expect(drawnPosition(track, 1050 + INTERPOLATION_DELAY_MS)?.x).toBe(50)
    expect(drawnPosition(track, 1100 + INTERPOLATION_DELAY_MS)?.x).toBe(100)
  })

  it('keeps a walking avatar walking between poses sent every other tick (the server sends one per 16 px), late ones included', () => {
    const track: MotionTrack = []
    pushSample(track, 0, 0, 1000, 67)
    pushSample(track, 16, 0, 1140, 67)
    pushSample(track, 32, 0, 1270, 67)
    expect(track.map(sample => sample.x)).toEqual([0, 16, 32])
    expect(drawnPosition(track, 1205 + INTERPOLATION_DELAY_MS)?.x).toBe(24)
  })

  it('tells an avatar walking between two places from one standing, as it is drawn', () => {
    const track: MotionTrack = []
    pushSample(track, 40, 60, 1000)
    pushSample(track, 56, 60, 1133)
    pushSample(track, 56, 60, 1266)
    expect([isMovingAt(track, 900), isMovingAt(track, 1050), isMovingAt(track, 1200), isMovingAt(track, 2000)]).toEqual([false, true, false, false])
    expect(isMovingAt([], 1000)).toBe(false)
    expect(drawnWalking(track, 1050 + INTERPOLATION_DELAY_MS)).toBe(true)
    expect(drawnWalking(track, 1050)).toBe(false)
  })

  it('keeps a stopped avatar where it stopped and a new one where it appeared', () => {
    const track: MotionTrack = []
    expect(positionAt(track, 0)).toBeNull()
    pushSample(track, 40, 60, 1000)
    expect(positionAt(track, 500)).toEqual({ x: 40, y: 60 })
    expect(positionAt(track, 5000)).toEqual({ x: 40, y: 60 })
  })

  it('walks an avatar off from where it stood still rather than jumping', () => {
    const track: MotionTrack = []
    pushSample(track, 0, 0, 1000)
    pushSample(track, 10, 0, 5000, 50)
    // it stood at 0 until one tick before the new position
    expect(positionAt(track, 4900)).toEqual({ x: 0, y: 0 })
    expect(positionAt(track, 4975)?.x).toBe(5)
  })

  it('keeps only the newest samples and ignores one that arrives out of order', () => {
    const track: MotionTrack = []
    for (let index = 0; index < MOTION_SAMPLES + 3; index++) pushSample(track, index, 0, 1000 + index * 50)
    expect(track).toHaveLength(MOTION_SAMPLES)
    pushSample(track, -1, 0, 1000)
    expect(track[track.length - 1].x).toBe(MOTION_SAMPLES + 2)
  })
})

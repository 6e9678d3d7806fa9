import { AVATAR_TONES, avatarTone } from '../../domain/avatar-tone'

describe('avatarTone', () => {
  it('gives the same uid the same tone, every time', () => {
    expect(avatarTone('100002')).toBe(avatarTone('100002'))
  })

  it('gives one of the tones for any uid, the empty one and emoji included', () => {
    const tones = ['', '1', '100002', 'guest-abc', '😀😀', 'x'.repeat(500)].map(avatarTone)
    expect(tones.every(tone => Number.isInteger(tone) && tone >= 0 && tone < AVATAR_TONES)).toBe(true)
  })

  it('spreads uids over every tone', () => {
    expect(new Set(Array.from({ length: 60 }, (_, index) => avatarTone(String(100000 + index)))).size).toBe(AVATAR_TONES)
  })
})

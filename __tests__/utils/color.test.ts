import { isHexColour } from '@/utils/color'

describe('colour check (SPEC §5: # plus exactly six hexadecimal digits)', () => {
  it.each(['#000000', '#ffffff', '#A1b2C3'])('accepts %p', value => {
    expect(isHexColour(value)).toBe(true)
  })

  it.each(['#fff', '#fffffff', 'ffffff', '#gggggg', ' #ffffff', '#ffffff ', '#ffffff\n', '', 'rgb(0,0,0)'])('refuses %p', value => {
    expect(isHexColour(value)).toBe(false)
  })

  it('refuses values that are not strings', () => {
    expect(isHexColour(0xffffff)).toBe(false)
    expect(isHexColour(null)).toBe(false)
  })
})

import { cleanNameOf, namesLookAlike } from '@core/domain/names'

describe('cleanNameOf', () => {
  it.each([
    ['bidi overrides and isolates', '\u202eadmin\u202c \u2066x\u2069', 'admin x'],
    ['bidi marks', '\u200eleft\u200f\u061c', 'left'],
    ['zero-width spaces, joiners and the byte-order mark', 'o\u200bw\u200cn\u200de\u2060r\ufeff', 'owner'],
    ['the white space left at either end', '  \u200b name \u202e ', 'name'],
  ])('strips %s', (_case, name, stored) => {
    expect(cleanNameOf(name)).toBe(stored)
  })

  it.each(['👨‍👩‍👧', '👩🏽‍💻', '❤️‍🔥', '小明', 'Ｏｗｎｅｒ'])('keeps %s as it is', name => {
    expect(cleanNameOf(name)).toBe(name)
  })
})

describe('namesLookAlike', () => {
  it.each([
    ['the same name', '频道主', '频道主'],
    ['full-width letters', 'Owner', 'Ｏｗｎｅｒ'],
    ['another case and spaces', 'Owner', ' o W n e r '],
    ['hidden characters', 'owner', 'ow\u00adn\u034fer\u200b'],
  ])('reads %s as alike', (_case, left, right) => {
    expect(namesLookAlike(left, right)).toBe(true)
  })

  it('tells different names apart, and an empty name from everything', () => {
    expect(namesLookAlike('owner', 'owner2')).toBe(false)
    expect(namesLookAlike('', '\u200b')).toBe(false)
  })
})

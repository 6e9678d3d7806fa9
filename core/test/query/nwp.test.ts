import { decodeNwp, encodeNwp } from '@core/query/nwp'
import { NWP_MAX_LENGTH } from '@core/query/keys'
import { randomString, seeded } from './random'

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

/** Packs raw bytes the way the format says, independently of encodeNwp (to build hostile inputs). */
function toPacked (bytes: number[] | Buffer): string {
  return [...Buffer.from(bytes).toString('base64url')].map(char => ALPHABET[(ALPHABET.indexOf(char) + 7) % 64]).join('')
}

/** Packs raw JSON text. */
function packText (json: string): string {
  return toPacked(Buffer.from(json, 'utf8'))
}

let warn: jest.SpyInstance
beforeEach(() => { warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined) })
afterEach(() => jest.restoreAllMocks())

describe('packed parameter nwp (SPEC §2: JSON, base64, shifted characters)', () => {
  it('packs JSON as URL-safe base64 with every character shifted 7 places along the alphabet', () => {
    expect(encodeNwp({ a: '1' })).toBe('l5QoPqvpTZQE') // base64url of {"a":"1"} is eyJhIjoiMSJ9
    expect(encodeNwp({ a: '1' })).toBe(packText('{"a":"1"}'))
  })

  it('wraps the shift around the end of the alphabet: 5 becomes A, - becomes F and _ becomes G', () => {
    // base64url of {"t":"~~~???>>>"} is eyJ0Ijoifn5-Pz8_Pj4-In0
    const packed = encodeNwp({ t: '~~~???>>>' })
    expect(packed).toBe('l5Q7PqvpmuAFW6DGWq_FPu7')
    expect(decodeNwp(packed)).toEqual({ t: '~~~???>>>' })
  })

  it('round-trips strings, numbers and booleans (as strings) including non-ASCII text', () => {
    const packed = encodeNwp({ server_id: '723658', 频道: '星海 😀', n: 3, on: true })
    expect(decodeNwp(packed)).toEqual({ server_id: '723658', 频道: '星海 😀', n: '3', on: 'true' })
  })

  it('round-trips every text length (all base64 tail sizes)', () => {
    for (let length = 0; length < 12; length++) {
      const value = 'é'.repeat(length)
      expect(decodeNwp(encodeNwp({ value }))).toEqual({ value })
    }
  })

  it('reads an absent or empty nwp as nothing, without a warning', () => {
    expect(decodeNwp(undefined)).toBeNull()
    expect(decodeNwp('')).toBeNull()
    expect(warn).not.toHaveBeenCalled()
  })

  it.each([
    ['not a string', 42],
    ['bad base64 characters', 'abc+/='],
    ['an impossible base64 length', 'abcde'],
    ['truncated text', encodeNwp({ key: 'value' }).slice(0, -3)],
    ['bytes that are not UTF-8', toPacked([0xff])],
    ['text that is not JSON', packText('{"a":')],
    ['a JSON array', packText('[1,2]')],
    ['a JSON string', packText('"text"')],
    ['JSON null', packText('null')],
    ['huge input', 'A'.repeat(NWP_MAX_LENGTH + 1)],
  ])('ignores %s with a logged warning, never throwing', (_what, value) => {
    expect(decodeNwp(value)).toBeNull()
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^\[router\] nwp ignored: /))
  })

  it('drops __proto__, constructor and prototype keys and never touches any prototype', () => {
    const params = decodeNwp(packText('{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},"prototype":"x","ok":"1"}'))
    expect(params).toEqual({ ok: '1' })
    expect(Object.getPrototypeOf(params)).toBe(Object.prototype)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(warn).toHaveBeenCalledWith('[router] nwp key dropped: __proto__')
  })

  it('drops nested objects, arrays and nulls and keeps the scalar values', () => {
    expect(decodeNwp(packText('{"a":{"b":1},"c":[1],"d":null,"e":"x"}'))).toEqual({ e: 'x' })
  })

  it('rejects overlong and surrogate UTF-8 encodings', () => {
    const overlong = toPacked([0xc0, 0xaf])
    const surrogate = toPacked([0xed, 0xa0, 0x80])
    const tooHigh = toPacked([0xf4, 0x90, 0x80, 0x80])
    const badContinuation = toPacked([0xe2, 0x28, 0xa1])
    for (const value of [overlong, surrogate, tooHigh, badContinuation]) expect(decodeNwp(value)).toBeNull()
    expect(warn).toHaveBeenCalledWith('[router] nwp ignored: not UTF-8')
  })

  it('round-trips a lone surrogate (JSON text escapes it)', () => {
    expect(decodeNwp(encodeNwp({ ['\ud800']: 'x' }))).toEqual({ '\ud800': 'x' })
  })

  it('survives 10,000 random strings: never throws, never pollutes a prototype, gives null or string values (property)', () => {
    const random = seeded(20240601)
    const valid = encodeNwp({ a: '1', b: 'two' })
    for (let i = 0; i < 10000; i++) {
      const roll = random()
      const value = roll < 0.6
        ? randomString(random, 80)
        : roll < 0.8
          ? valid.slice(0, Math.floor(random() * valid.length)) + randomString(random, 4)
          : packText(`{"__proto__":{"p${i}":1},"${randomString(random, 6).replace(/["\\]/g, '')}":"${i}"}`)
      const result = decodeNwp(value)
      expect(result === null || Object.getPrototypeOf(result) === Object.prototype).toBe(true)
      if (result) {
        expect(Object.prototype.hasOwnProperty.call(result, '__proto__')).toBe(false)
        for (const item of Object.values(result)) expect(typeof item).toBe('string')
      }
    }
    expect(Object.keys(Object.prototype)).toEqual([])
    expect(({} as Record<string, unknown>).p1).toBeUndefined()
  })

  it('round-trips 2,000 random objects (property)', () => {
    const random = seeded(7)
    for (let i = 0; i < 2000; i++) {
      const object: Record<string, string> = {}
      const keys = Math.floor(random() * 5)
      for (let k = 0; k < keys; k++) object[`k${k}${randomString(random, 5)}`] = randomString(random, 20)
      expect(decodeNwp(encodeNwp(object)) ?? {}).toEqual(object)
    }
  })
})

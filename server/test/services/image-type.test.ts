import { detectMime, sniffImageType } from '../../src/services/image-type'
import { PNG_1X1 } from '../helper'

const bytes = (...values: Array<number | string>): Buffer => Buffer.concat(values.map(value => typeof value === 'string' ? Buffer.from(value, 'latin1') : Buffer.from([value])))

describe('image types by magic bytes', () => {
  it('recognises a png', () => {
    expect(sniffImageType(PNG_1X1)).toEqual({ mime: 'image/png', extension: 'png' })
  })

  it('recognises a jpeg', () => {
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 'JFIF'))?.mime).toBe('image/jpeg')
  })

  it('recognises both gif versions', () => {
    expect(sniffImageType(bytes('GIF87a', 1, 0))?.mime).toBe('image/gif')
    expect(sniffImageType(bytes('GIF89a', 1, 0))?.mime).toBe('image/gif')
  })

  it('recognises a webp', () => {
    expect(sniffImageType(bytes('RIFF', 0x24, 0, 0, 0, 'WEBPVP8 '))?.mime).toBe('image/webp')
  })

  it('refuses text, a RIFF that is not webp, a truncated png and nothing at all', () => {
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull()
    expect(sniffImageType(bytes('RIFF', 0x24, 0, 0, 0, 'WAVEfmt '))).toBeNull()
    expect(sniffImageType(PNG_1X1.subarray(0, 4))).toBeNull()
    expect(sniffImageType(Buffer.alloc(0))).toBeNull()
  })
})

describe('upload types', () => {
  it('trusts the bytes of an image over the declared type', () => {
    expect(detectMime(PNG_1X1, 'video/mp4')).toBe('image/png')
  })

  it('recognises an mp4 by its ftyp box and an svg by its tag', () => {
    expect(detectMime(bytes(0, 0, 0, 0x18, 'ftypmp42'), undefined)).toBe('video/mp4')
    expect(detectMime(Buffer.from('<?xml version="1.0"?><svg/>'), 'text/plain')).toBe('image/svg+xml')
  })

  it('falls back to the declared type, then to octet-stream', () => {
    expect(detectMime(Buffer.from('id3'), 'audio/mpeg; charset=binary')).toBe('audio/mpeg')
    expect(detectMime(Buffer.from('??'), 'not a type')).toBe('application/octet-stream')
    expect(detectMime(Buffer.from('??'), undefined)).toBe('application/octet-stream')
  })
})

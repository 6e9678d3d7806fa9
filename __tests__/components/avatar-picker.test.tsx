import { inflateSync } from 'zlib'
import TestUtils from '@tarojs/test-utils-react'
import AvatarPicker from '@/components/avatar-picker'
import { crc32, identiconDataUrl, identiconPng, IDENTICON_SIZE, toBase64 } from '@/components/avatar-picker/identicon'

/** The chunks of a PNG file: type, data and whether the stored CRC matches. */
function chunksOf (png: Buffer): Array<{ type: string, data: Buffer, crcOk: boolean }> {
  const chunks = []
  for (let offset = 8; offset < png.length;) {
    const length = png.readUInt32BE(offset)
    const typed = png.subarray(offset + 4, offset + 8 + length)
    chunks.push({ type: typed.subarray(0, 4).toString('ascii'), data: typed.subarray(4), crcOk: png.readUInt32BE(offset + 8 + length) === crc32(typed) })
    offset += 12 + length
  }
  return chunks
}

describe('generated avatars (identicons)', () => {
  it('are well-formed PNG images of 112 × 112 RGB pixels', () => {
    const png = Buffer.from(identiconPng('B_guest1:1'))
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a')
    const chunks = chunksOf(png)
    expect(chunks.map(chunk => [chunk.type, chunk.crcOk])).toEqual([['IHDR', true], ['IDAT', true], ['IEND', true]])
    expect([chunks[0].data.readUInt32BE(0), chunks[0].data.readUInt32BE(4), chunks[0].data[8], chunks[0].data[9]]).toEqual([112, 112, 8, 2])
    expect(inflateSync(chunks[1].data).length).toBe(IDENTICON_SIZE * (1 + IDENTICON_SIZE * 3))
  })

  it('computes the standard CRC-32', () => {
    expect(crc32(Uint8Array.from(Buffer.from('123456789', 'ascii')))).toBe(0xcbf43926)
  })

  it('draw the same picture for the same seed and another for another seed', () => {
    expect(identiconDataUrl('C_bot:1')).toBe(identiconDataUrl('C_bot:1'))
    expect(identiconDataUrl('C_bot:2')).not.toBe(identiconDataUrl('C_bot:1'))
  })

  it('travel as a base64 PNG data URL', () => {
    const png = identiconPng('D_map:7')
    expect(identiconDataUrl('D_map:7')).toBe(`data:image/png;base64,${Buffer.from(png).toString('base64')}`)
  })

  it.each([[[]], [[1]], [[1, 2]], [[1, 2, 3]], [[255, 254, 253, 252]]])('encode %p in base64 as the standard alphabet does', bytes => {
    expect(toBase64(Uint8Array.from(bytes))).toBe(Buffer.from(bytes).toString('base64'))
  })
})

describe('AvatarPicker', () => {
  afterEach(() => { document.body.innerHTML = '' })

  it('stands the first character of the nickname in for a missing avatar', async () => {
    const testUtils = new TestUtils()
    await testUtils.mount(AvatarPicker, { props: { src: '', nickname: ' 星河', onChoose: jest.fn(), onGenerate: jest.fn() } })
    expect((await testUtils.queries.waitForQuerySelector('.avatar-picker__image--initial')).textContent).toBe('星')
  })

  it('offers picking a photo and generating an avatar', async () => {
    const onChoose = jest.fn()
    const onGenerate = jest.fn()
    const testUtils = new TestUtils()
    await testUtils.mount(AvatarPicker, { props: { src: 'https://cdn.example/a.png', nickname: 'x', onChoose, onGenerate } })
    testUtils.fireEvent.click(await testUtils.queries.waitForQueryByText('更换头像'))
    testUtils.fireEvent.click(testUtils.queries.queryByText('生成头像'))
    expect([onChoose.mock.calls.length, onGenerate.mock.calls.length]).toEqual([1, 1])
  })
})

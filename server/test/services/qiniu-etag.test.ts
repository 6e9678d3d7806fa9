import { createHash } from 'crypto'
import { QINIU_BLOCK_SIZE, qiniuEtag } from '../../src/services/qiniu-etag'

/**
 * Qiniu's etag written out plainly from its description, with hex strings: one block →
 * 16 + sha1(data); more → 96 + sha1(sha1(block 1) … sha1(block n)); URL-safe base64.
 */
function straightforwardEtag (data: Buffer): string {
  const sha1Hex = (chunk: Buffer): string => createHash('sha1').update(chunk).digest('hex')
  let hex: string
  if (data.length <= 4 * 1024 * 1024) {
    hex = '16' + sha1Hex(data)
  } else {
    let blockHashes = ''
    for (let start = 0; start < data.length; start += 4194304) blockHashes += sha1Hex(data.subarray(start, start + 4194304))
    hex = '96' + sha1Hex(Buffer.from(blockHashes, 'hex'))
  }
  return Buffer.from(hex, 'hex').toString('base64').replace(/\+/g, '-').replace(/\//g, '_')
}

describe('Qiniu etag', () => {
  it('answers Qiniu\'s known etag of an empty file', () => {
    expect(qiniuEtag(Buffer.alloc(0))).toBe('Fto5o-5ea0sNMlW_75VgGJCv2AcJ')
  })

  it('hashes a small file like the straightforward implementation', () => {
    const data = Buffer.from('hello, openrealm')
    expect(qiniuEtag(data)).toBe(straightforwardEtag(data))
    expect(qiniuEtag(data)).toMatch(/^F/) // prefix 0x16
  })

  it('hashes a file of exactly one block as a single block', () => {
    const data = Buffer.alloc(QINIU_BLOCK_SIZE, 7)
    expect(qiniuEtag(data)).toBe(straightforwardEtag(data))
    expect(qiniuEtag(data)).toMatch(/^F/)
  })

  it('hashes a file of more than one block from the block hashes', () => {
    const data = Buffer.alloc(QINIU_BLOCK_SIZE * 2 + 1000)
    for (let index = 0; index < data.length; index += 1) data[index] = (index * 31) & 0xff
    expect(qiniuEtag(data)).toBe(straightforwardEtag(data))
    expect(qiniuEtag(data)).toMatch(/^l/) // prefix 0x96
  })
})

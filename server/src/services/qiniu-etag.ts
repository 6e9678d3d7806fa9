/**
 * Qiniu's content hash ("etag") of a file, as the storage service answers it after an
 * upload: the content is cut into 4 MiB blocks and SHA-1 hashed; a file of at most one
 * block is 0x16 + SHA-1(content), a larger one is 0x96 + SHA-1(SHA-1(block 1) ‖ … ‖
 * SHA-1(block n)); the 21 bytes are URL-safe base64 encoded.
 */
import { createHash } from 'crypto'
import { urlsafeBase64 } from './qiniu-token'

/** Qiniu's block size: 4 MiB. */
export const QINIU_BLOCK_SIZE = 4 * 1024 * 1024

const SINGLE_BLOCK_PREFIX = 0x16
const MULTI_BLOCK_PREFIX = 0x96

function sha1 (data: Buffer): Buffer {
  return createHash('sha1').update(data).digest()
}

/** The Qiniu etag of `content`. */
export function qiniuEtag (content: Buffer): string {
  if (content.length <= QINIU_BLOCK_SIZE) {
    return urlsafeBase64(Buffer.concat([Buffer.from([SINGLE_BLOCK_PREFIX]), sha1(content)]))
  }
  const blockHashes: Buffer[] = []
  for (let offset = 0; offset < content.length; offset += QINIU_BLOCK_SIZE) {
    blockHashes.push(sha1(content.subarray(offset, offset + QINIU_BLOCK_SIZE)))
  }
  return urlsafeBase64(Buffer.concat([Buffer.from([MULTI_BLOCK_PREFIX]), sha1(Buffer.concat(blockHashes))]))
}

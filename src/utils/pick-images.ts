/**
 * Picking pictures from the album or camera (Taro.chooseImage) with their natural size
 * (Taro.getImageInfo; 0 when the platform cannot tell) and byte size. A cancelled pick is no pictures.
 */
import Taro from '@tarojs/taro'
import type { PickedImage } from '@/services/api/storage-upload'

/** Lets the member pick up to `count` pictures; resolves them, or [] when they cancel. */
export async function pickImages (count: number): Promise<PickedImage[]> {
  if (count <= 0) return []
  let chosen: Taro.chooseImage.SuccessCallbackResult
  try {
    chosen = await Taro.chooseImage({ count, sizeType: ['compressed'], sourceType: ['album', 'camera'] })
  } catch {
    return [] // chooseImage:fail cancel
  }
  return Promise.all(chosen.tempFiles.slice(0, count).map(async file => {
    // H5 only: Taro's `type` holds 'image' there, the browser's File knows the real type
    const reported = file.originalFileObj?.type ?? file.type
    const mime = typeof reported === 'string' && reported.startsWith('image/') ? reported : undefined
    try {
      const info = await Taro.getImageInfo({ src: file.path })
      return { path: file.path, mime, size: file.size, width: info.width, height: info.height }
    } catch {
      return { path: file.path, mime, size: file.size, width: 0, height: 0 }
    }
  }))
}

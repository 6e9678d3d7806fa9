import Taro from '@tarojs/taro'
import { pickImages } from '@/utils/pick-images'

type Chosen = Awaited<ReturnType<typeof Taro.chooseImage>>

function chosen (files: Array<{ path: string, type?: string, original?: string, size?: number }>): Chosen {
  return {
    errMsg: 'chooseImage:ok',
    tempFilePaths: files.map(file => file.path),
    tempFiles: files.map(file => ({ path: file.path, size: file.size ?? 1, type: file.type ?? 'image', originalFileObj: file.original ? { type: file.original } : undefined })),
  } as unknown as Chosen
}

describe('picking pictures for a post', () => {
  afterEach(() => { jest.restoreAllMocks() })

  it('asks for nothing when no picture may be added', async () => {
    const choose = jest.spyOn(Taro, 'chooseImage')
    await expect(pickImages(0)).resolves.toEqual([])
    expect(choose).not.toHaveBeenCalled()
  })

  it('gives no pictures when the member cancels', async () => {
    jest.spyOn(Taro, 'chooseImage').mockRejectedValue(new Error('chooseImage:fail cancel'))
    await expect(pickImages(3)).resolves.toEqual([])
  })

  it('keeps at most the asked count, with the real type, byte size and natural size, and size 0 where the platform cannot tell', async () => {
    jest.spyOn(Taro, 'chooseImage').mockResolvedValue(chosen([
      { path: 'blob:a', original: 'image/png', size: 2048 },
      { path: 'blob:b', type: 'image' },
      { path: 'blob:c', original: 'image/jpeg' },
    ]))
    jest.spyOn(Taro, 'getImageInfo')
      .mockResolvedValueOnce({ width: 640, height: 480 } as Awaited<ReturnType<typeof Taro.getImageInfo>>)
      .mockRejectedValueOnce(new Error('getImageInfo:fail'))
    await expect(pickImages(2)).resolves.toEqual([
      { path: 'blob:a', mime: 'image/png', size: 2048, width: 640, height: 480 },
      { path: 'blob:b', mime: undefined, size: 1, width: 0, height: 0 },
    ])
  })
})

import { copyText } from '@/utils/clipboard'
import { saveJson } from '@/utils/save-json'

jest.mock('@/utils/clipboard', () => ({ copyText: jest.fn(async () => undefined) }))

/** A blob's text (jsdom's Blob has no text()). */
function textOf (blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error)
    reader.readAsText(blob)
  })
}

afterEach(() => jest.restoreAllMocks())

describe('handing over a JSON document in the browser (save-json.h5.ts)', () => {
  it('downloads it under its file name as pretty JSON and leaves no link behind', async () => {
    const blobs: Blob[] = []
    const createObjectURL = jest.fn((blob: Blob) => { blobs.push(blob); return 'blob:export' })
    const revokeObjectURL = jest.fn()
    Object.assign(URL, { createObjectURL, revokeObjectURL })
    const clicked: Array<{ href: string, download: string }> = []
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download })
    })
    jest.useFakeTimers()
    try {
      await saveJson('openrealm-export.json', { uid: '100001', servers: ['832828'] })
      expect(clicked).toEqual([{ href: 'blob:export', download: 'openrealm-export.json' }])
      expect(blobs[0].type).toBe('application/json')
      expect(await textOf(blobs[0])).toBe(JSON.stringify({ uid: '100001', servers: ['832828'] }, null, 2))
      expect(document.querySelector('a[download]')).toBeNull()
      jest.runAllTimers()
      expect(revokeObjectURL).toHaveBeenCalledWith('blob:export')
    } finally {
      jest.useRealTimers()
    }
  })
})

describe('handing over a JSON document in the mini-program (save-json.ts)', () => {
  it('copies the pretty JSON to the clipboard (the mini-program has no downloads)', async () => {
    const { saveJson: saveInMiniProgram } = jest.requireActual<typeof import('@/utils/save-json')>('@/utils/save-json.ts')
    await saveInMiniProgram('openrealm-export.json', { uid: '100001' })
    expect(copyText).toHaveBeenCalledWith(JSON.stringify({ uid: '100001' }, null, 2))
  })
})

/**
 * Screenshot comparison for the visual pass, done by Chromium itself (no image library):
 * both PNGs are drawn into canvases of a blank page and compared pixel by pixel. A pixel
 * counts as changed when any channel differs by more than CHANNEL_TOLERANCE; a page
 * matches its reference when at most CHANGED_PIXELS_TOLERANCE of its pixels changed
 * (font anti-aliasing moves a few; one changed word moves hundreds to thousands).
 */
import type { Browser } from 'playwright-core'

/** How far one colour channel (0–255) may drift before its pixel counts as changed. */
export const CHANNEL_TOLERANCE = 48
/** The share of changed pixels a screenshot may have and still match its reference. */
export const CHANGED_PIXELS_TOLERANCE = 0.001

/** How a screenshot compares with its reference. */
export interface ImageComparison {
  /** False when the two images differ in size (nothing else is compared then). */
  sameSize: boolean
  /** Changed pixels / all pixels. */
  changedRatio: number
  /** The reference in grey with the changed pixels in red, as a PNG (for the failure artifacts). */
  diffPng: Buffer
}

/** Compares two PNGs in a blank Chromium page. */
export async function compareImages (browser: Browser, actual: Buffer, expected: Buffer): Promise<ImageComparison> {
  const page = await browser.newPage()
  try {
    const result = await page.evaluate(async ({ actualUrl, expectedUrl, channelTolerance }) => {
      const load = async (url: string) => {
        const image = new Image()
        image.src = url
        await image.decode()
        const canvas = document.createElement('canvas')
        canvas.width = image.naturalWidth
        canvas.height = image.naturalHeight
        const context = canvas.getContext('2d')!
        context.drawImage(image, 0, 0)
        return { canvas, context, data: context.getImageData(0, 0, canvas.width, canvas.height) }
      }
      const [a, b] = await Promise.all([load(actualUrl), load(expectedUrl)])
      if (a.canvas.width !== b.canvas.width || a.canvas.height !== b.canvas.height) return { sameSize: false, changed: 1, diff: '' }
      const diff = b.context.createImageData(b.canvas.width, b.canvas.height)
      let changed = 0
      for (let index = 0; index < a.data.data.length; index += 4) {
        let moved = false
        for (let channel = 0; channel < 3; channel += 1) {
          if (Math.abs(a.data.data[index + channel] - b.data.data[index + channel]) > channelTolerance) moved = true
        }
        const grey = (b.data.data[index] + b.data.data[index + 1] + b.data.data[index + 2]) / 3
        diff.data.set(moved ? [255, 0, 0, 255] : [grey, grey, grey, 96], index)
        if (moved) changed += 1
      }
      b.context.putImageData(diff, 0, 0)
      return { sameSize: true, changed: changed / (a.canvas.width * a.canvas.height), diff: b.canvas.toDataURL('image/png') }
    }, { actualUrl: dataUrl(actual), expectedUrl: dataUrl(expected), channelTolerance: CHANNEL_TOLERANCE })
    return { sameSize: result.sameSize, changedRatio: result.changed, diffPng: Buffer.from(result.diff.replace(/^data:image\/png;base64,/, ''), 'base64') }
  } finally {
    await page.close()
  }
}

function dataUrl (png: Buffer): string {
  return `data:image/png;base64,${png.toString('base64')}`
}

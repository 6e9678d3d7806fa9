/**
 * Images for the space's canvas, loaded once per URL: on H5 an `Image`, in the mini-program
 * the canvas node's `createImage()` — the page passes the factory. A frame asks for an image
 * and draws without it until it has loaded; `onLoad` asks for a frame then.
 */
import type { ImageSource } from './renderer'

/** What the renderer needs of an image element: the browser's and WeChat's canvas image both have it. */
export interface LoadingImage {
  src: string
  onload: (() => void) | null
  onerror: (() => void) | null
}

/** An image source over a factory of image elements; `resolve` turns a map's or avatar's path into a URL. */
export function createImageSource (createImage: () => LoadingImage, onLoad: () => void, resolve: (src: string) => string = src => src): ImageSource {
  const images = new Map<string, { image: LoadingImage, loaded: boolean }>()
  return {
    get (src) {
      let entry = images.get(src)
      if (!entry) {
        const image = createImage()
        const created = { image, loaded: false }
        entry = created
        images.set(src, created)
        image.onload = () => {
          created.loaded = true
          onLoad()
        }
        image.onerror = () => undefined // a missing picture stays a coloured circle
        image.src = resolve(src)
      }
      return entry.loaded ? entry.image as unknown as CanvasImageSource : null
    },
  }
}

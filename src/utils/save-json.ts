/**
 * Handing the member a JSON document (export my data), in the mini-program: it has no
 * downloads, so the text goes to the clipboard (the H5 build uses save-json.h5.ts instead).
 */
import { copyText } from './clipboard'

/** Gives `data` to the member (the file name is the H5 download's; the clipboard has none). */
export async function saveJson (_fileName: string, data: unknown): Promise<void> {
  await copyText(JSON.stringify(data, null, 2))
}

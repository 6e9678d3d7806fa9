/** Handing the member a JSON document (export my data) in the browser: a download. */

/** Downloads `data` as the file `fileName`. */
export async function saveJson (fileName: string, data: unknown): Promise<void> {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.appendChild(link)
  link.click()
  document.body.removeChild(link)
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

// The browser's download of a file the page already holds (an export, a print, a drawing): one home for the
// object URL, the hidden link and its cleanup.

/** Saves `blob` as a file named `name`. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  // Some browsers read the object URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

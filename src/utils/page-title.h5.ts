/**
 * The page's title on H5: written to `document.title`, which the browser treats as text.
 * Never through Taro.setNavigationBarTitle: Taro's H5 navigation bar writes the title
 * with innerHTML, so a channel named `<img src=x onerror=…>` (or a crafted `title` in a
 * link) would run script in every visitor's page.
 */

/** Shows `text` as the current page's title (as text, whatever it holds). */
export async function setPageTitle (text: string): Promise<void> {
  document.title = text
}

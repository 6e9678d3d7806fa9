import { MESSAGES } from '../../i18n/messages-zh-cn'
/** The gather space of a metaverse channel. */
export default definePageConfig({
  // the title from the message table (zh-CN; the page sets the channel's name at load)
  navigationBarTitleText: MESSAGES['zh-CN'].pageTitleSpace,
  // the space scrolls nothing: a drag on the stick must not pull the page
  disableScroll: true,
})

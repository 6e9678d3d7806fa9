import { MESSAGES } from '../../i18n/messages-zh-cn'
/** A game plaza channel's lobby, or one of its tables. */
export default definePageConfig({
  // the title from the message table (zh-CN; the page sets the channel's name at load)
  navigationBarTitleText: MESSAGES['zh-CN'].pageTitlePlaza,
  enableShareAppMessage: true,
})

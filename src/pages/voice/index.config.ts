import { MESSAGES } from '../../i18n/messages-zh-cn'
/** A voice channel's room. */
export default definePageConfig({
  // the title from the message table (zh-CN; the page sets the channel's name at load)
  navigationBarTitleText: MESSAGES['zh-CN'].pageTitleVoice,
  enableShareAppMessage: true,
})

import { MESSAGES } from '../../i18n/messages-zh-cn'

/** The owner's voice check of a server (?sid=). */
export default definePageConfig({
  // the title from the message table (zh-CN; the page sets its language's at load)
  navigationBarTitleText: MESSAGES['zh-CN'].pageTitleVoiceCheck,
  // a share card leading to the server's Home (the page's useShare)
  enableShareAppMessage: true,
})

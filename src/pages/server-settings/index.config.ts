import { MESSAGES } from '../../i18n/messages-zh-cn'
/** The owner's server settings (`?sid=`). The page title comes from this config. */
export default definePageConfig({
  // SPEC §2: the title from the message table (zh-CN; the page sets its language's at load).
  navigationBarTitleText: MESSAGES['zh-CN'].pageTitleServerSettings,
  // a share card leading to the server's Home (the page's useShare)
  enableShareAppMessage: true,
})

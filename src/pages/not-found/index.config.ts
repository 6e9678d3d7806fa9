import { MESSAGES } from '../../i18n/messages-zh-cn'
/** SPEC §2: the not-found page unknown paths are sent to. The page title comes from this config. */
export default definePageConfig({
  // SPEC §2: the title from the message table (zh-CN; the page sets its language's at load).
  navigationBarTitleText: MESSAGES['zh-CN'].pageTitleNotFound,
  // a share card leading to the server's Home (the page's useHomeShare), never to the missing address
  enableShareAppMessage: true,
})

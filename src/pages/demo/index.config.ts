import { MESSAGES } from '../../i18n/messages-zh-cn'
/** SPEC §2: the demo page (a component and format catalogue). */
export default definePageConfig({
  // SPEC §2: the title from the message table (zh-CN; the page sets its language's at load).
  navigationBarTitleText: MESSAGES['zh-CN'].pageTitleDemo,
  // a share card leading to the server's Home (the page's useHomeShare)
  enableShareAppMessage: true,
})

import { MESSAGES } from '../../i18n/messages-zh-cn'
/** SPEC §2: the sales demonstration platform. */
export default definePageConfig({
  // SPEC §2: the title from the message table (zh-CN; the page sets its language's at load).
  navigationBarTitleText: MESSAGES['zh-CN'].pageTitleMarket,
  // The mini-program's share card (useShare → useShareAppMessage).
  enableShareAppMessage: true,
})

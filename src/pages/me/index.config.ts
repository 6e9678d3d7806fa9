import { MESSAGES } from '../../i18n/messages-zh-cn'
/** Me: the signed-in identity and its profile. The page title comes from this config. */
export default definePageConfig({
  // SPEC §2: the title from the message table (zh-CN; the page sets its language's at load).
  navigationBarTitleText: MESSAGES['zh-CN'].pageTitleMe,
  // The mini-program's share card: the member's profile card (useShare → useShareAppMessage).
  enableShareAppMessage: true,
})

import { MESSAGES } from '../../i18n/messages-zh-cn'

/** An invite link's page (who invited, to which server, join with one tap). */
export default definePageConfig({
  // SPEC §2: the title from the message table (zh-CN; the page sets its language's at load).
  navigationBarTitleText: MESSAGES['zh-CN'].pageTitleInvite,
  // A share card (the page's useShare: the invite itself).
  enableShareAppMessage: true,
})

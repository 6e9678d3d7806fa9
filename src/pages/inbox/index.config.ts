import { MESSAGES } from '../../i18n/messages-zh-cn'

/** The notification inbox (通知): mentions, replies, reactions, comments, moderation acts and direct messages. */
export default definePageConfig({
  // SPEC §2: the title from the message table (zh-CN; the page sets its language's at load).
  navigationBarTitleText: MESSAGES['zh-CN'].pageTitleInbox,
})

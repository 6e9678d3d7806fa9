import { MESSAGES } from '../../i18n/messages-zh-cn'

/** One direct conversation (私信, ?conversation_id=): its chat. The bar shows the others' nicknames once it is found. */
export default definePageConfig({
  // SPEC §2: the title from the message table (zh-CN; the page sets its language's at load).
  navigationBarTitleText: MESSAGES['zh-CN'].dmTitle,
  // a share card leading to the server's Home (the page's useHomeShare: a conversation is its participants' own)
  enableShareAppMessage: true,
})

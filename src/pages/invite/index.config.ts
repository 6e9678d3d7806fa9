/** Issue 18: an invite link's page (who invited, to which server, join with one tap). */
export default definePageConfig({
  navigationBarTitleText: '邀请',
})

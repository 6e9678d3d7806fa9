/** The web view page of the mini-program (SPEC §2: rule pages open their URL here). */
export default definePageConfig({
  navigationBarTitleText: '',
})

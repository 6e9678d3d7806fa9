/** The web view page of the mini-program (SPEC §2: rule pages open their URL here). */
export default definePageConfig({
  navigationBarTitleText: '',
  // a share card leading to the server's Home (the page's useHomeShare), not to the outside page
  enableShareAppMessage: true,
})

import { dropQueryKeyFromAddressBar } from '@/services/address-bar'

describe('dropQueryKeyFromAddressBar', () => {
  it('takes the key out of the address bar in place, keeping the rest of the query, the fragment and the router\'s state', () => {
    window.history.replaceState({ key: 'router-entry' }, '', '/pages/voice/index?handoff=secret-code&channel_id=83282803&server_id=832828#top')
    const entries = window.history.length
    dropQueryKeyFromAddressBar('handoff')
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/pages/voice/index?channel_id=83282803&server_id=832828#top')
    expect(window.history.state).toEqual({ key: 'router-entry' })
    expect(window.history.length).toBe(entries)
  })

  it('leaves an address without the key as it is', () => {
    window.history.replaceState(null, '', '/index.html?server_id=832828')
    dropQueryKeyFromAddressBar('handoff')
    expect(`${window.location.pathname}${window.location.search}`).toBe('/index.html?server_id=832828')
  })
})

import { useState } from 'react'
import TestUtils from '@tarojs/test-utils-react'
import ProfileField from '@/components/profile-field'

/** The saved value, changed from outside as a live reload changes it. */
let setSaved: (value: string) => void = () => undefined

function Host () {
  const [saved, set] = useState('旧名字')
  setSaved = set
  return <ProfileField label='名称' value={saved} onSave={async () => true} />
}

let mountedUtils: TestUtils | null = null
afterEach(() => {
  const testUtils = mountedUtils
  if (testUtils) testUtils.act(() => testUtils.unmout()) // sic: the library's spelling
  mountedUtils = null
  document.body.innerHTML = ''
})

async function mounted (): Promise<{ testUtils: TestUtils, box: () => HTMLInputElement }> {
  const testUtils = new TestUtils()
  mountedUtils = testUtils
  await testUtils.mount(Host, { props: {} })
  const box = () => testUtils.queries.querySelector('.profile-field input') as HTMLInputElement
  return { testUtils, box }
}

describe('ProfileField through a live reload', () => {
  it('keeps what the member is typing when the saved value changes under it', async () => {
    const { testUtils, box } = await mounted()
    await testUtils.act(async () => {
      box().value = '我正在输入'
      box().dispatchEvent(new Event('input', { bubbles: true }))
    })
    await testUtils.act(async () => { setSaved('别人改的') })
    expect(box().value).toBe('我正在输入')
  })

  it('shows the new saved value in a box nobody touched', async () => {
    const { testUtils, box } = await mounted()
    await testUtils.act(async () => { setSaved('别人改的') })
    expect(box().value).toBe('别人改的')
  })
})

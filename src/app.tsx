import { PropsWithChildren } from 'react'
import { useLaunch } from '@tarojs/taro'
import './app.scss'

/** The app shell: Taro renders each page as its child. */
function App ({ children }: PropsWithChildren) {
  useLaunch(() => {
    console.info('[app] launch')
  })
  return children
}

export default App

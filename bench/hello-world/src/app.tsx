import { PropsWithChildren } from 'react'

/**
 * The framework floor: a bare Taro 4 React app plus the stack the product is built on (a
 * MobX store observed through mobx-react, a dayjs+utc date: see pages/index), built
 * with the project's own config.
 */
function App ({ children }: PropsWithChildren) {
  return children
}

export default App

import { PropsWithChildren } from 'react'

/** The framework floor: a bare Taro 4 React app, built with the project's own config. */
function App ({ children }: PropsWithChildren) {
  return children
}

export default App

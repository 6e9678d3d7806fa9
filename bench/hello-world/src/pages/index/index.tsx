import { View, Text } from '@tarojs/components'
import { makeAutoObservable } from 'mobx'
import { observer } from 'mobx-react'
import dayjs from 'dayjs'
import utc from 'dayjs/plugin/utc'

dayjs.extend(utc)

/** The stack's floor: one MobX store, as every product page reads its stores. */
class Greeting {
  /** Who is greeted. */
  name = 'world'

  constructor () {
    makeAutoObservable(this)
  }
}

const greeting = new Greeting()

/** Hello, world: the store observed through mobx-react, and a UTC+8 date formatted by dayjs with utc. */
function Index () {
  return (
    <View>
      <Text>Hello {greeting.name}</Text>
      <Text>{dayjs.utc(0).utcOffset(8 * 60).format('YYYY-MM-DD HH:mm')}</Text>
    </View>
  )
}

export default observer(Index)

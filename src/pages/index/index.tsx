import { View, Text } from '@tarojs/components'
import './index.scss'

/** Home (SPEC §2, `/index.html`): the current server's channels and live items. */
export default function Index () {
  return (
    <View className='home'>
      <Text className='home__title'>OpenRealm 世界</Text>
    </View>
  )
}

import { View, Text } from '@tarojs/components'
import './index.scss'

/** Market (SPEC §2, `/market/index.html`): the showroom of a metaverse channel. */
export default function Market () {
  return (
    <View className='market'>
      <Text>销售演示平台</Text>
    </View>
  )
}

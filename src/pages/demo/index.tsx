import { View, Text } from '@tarojs/components'

/** Demo: a living catalogue of the app's components and formats. */
export default function Demo () {
  return (
    <View>
      <Text>组件演示</Text>
    </View>
  )
}

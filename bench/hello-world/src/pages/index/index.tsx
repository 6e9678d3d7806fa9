import { View, Text } from '@tarojs/components'

/** Hello, world. */
export default function Index () {
  return (
    <View>
      <Text>Hello world</Text>
    </View>
  )
}

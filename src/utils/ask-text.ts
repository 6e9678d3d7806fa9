/**
 * Asking the member for one line of text (a passkey's name), in the mini-program: the
 * platform's editable modal (the H5 build uses ask-text.h5.ts instead).
 */
import Taro from '@tarojs/taro'

/** The editable modal's options and answer, which Taro's types lack (WeChat has them since base library 2.17.1). */
type EditableModal = (options: Taro.showModal.Option & { editable: true, placeholderText: string }) => Promise<Taro.showModal.SuccessCallbackResult & { content?: string }>

/** The text typed, or null when the member cancelled. */
export async function askText (title: string, value: string): Promise<string | null> {
  const answer = await (Taro.showModal as unknown as EditableModal)({ title, content: value, editable: true, placeholderText: value })
  return answer.confirm ? (answer.content ?? value) : null
}

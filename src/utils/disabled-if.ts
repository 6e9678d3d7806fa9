/**
 * The `disabled` prop of a Taro Button: true, or left out. Taro's H5 button writes
 * disabled={false} as the attribute disabled="false", which every [disabled] style (Taro's
 * own pale one and the app's grey ones) reads as disabled, so an enabled button would look
 * disabled for good once it had been; leaving the attribute out keeps the enabled look.
 */
export function disabledIf (condition: boolean | undefined): true | undefined {
  return condition === true || undefined
}

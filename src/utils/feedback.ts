/**
 * User feedback (SPEC §5, §8, §9): toasts and modals over Taro's own APIs, with the
 * SPEC's defaults and messages from the message table.
 */
import { t } from '@/i18n'
import { TOAST_DURATION_MS } from '@/constants/ui'
// Taro's toast and modal: fetched on first use on H5, there at once in the mini-program.
import { loadFeedbackUi } from './load-feedback-ui'

/**
 * Shows a text toast. SPEC §5: the title must be a string and the duration a number;
 * anything else is a caller bug and throws a TypeError instead of failing silently.
 * SPEC §9: the duration defaults to 1500 ms.
 */
export function toast (title: string, duration: number = TOAST_DURATION_MS): Promise<void> {
  if (typeof title !== 'string') throw new TypeError(`toast: title must be a string, got ${typeof title}`) // SPEC §5
  if (typeof duration !== 'number' || Number.isNaN(duration)) throw new TypeError(`toast: duration must be a number, got ${typeof duration}`) // SPEC §5
  return loadFeedbackUi().then(ui => ui.showToast({ title, duration, icon: 'none' })).then(() => undefined)
}

/** The app's blue, the colour of its buttons, links and dialogs' confirm (app.scss). */
export const BRAND_BLUE = '#245bdb'

/** What a modal shows. Texts default to the message table (SPEC §9: 取消 / 确定). */
export interface ModalOptions {
  title?: string
  content: string
  showCancel?: boolean
  cancelText?: string
  confirmText?: string
}

/** Shows a modal; resolves true when the user confirms, false when they cancel. */
export function modal (options: ModalOptions): Promise<boolean> {
  return loadFeedbackUi().then(ui => ui.showModal({
    title: options.title ?? '',
    content: options.content,
    showCancel: options.showCancel ?? true,
    cancelText: options.cancelText ?? t('modalCancel'), // SPEC §9: cancel text 取消
    confirmText: options.confirmText ?? t('modalConfirm'), // SPEC §9: confirm text 确定
    confirmColor: BRAND_BLUE, // the app's blue, not the platform's green: one theme for every dialog
  }))
}

/** A list of choices from the bottom of the screen (Taro's action sheet, at most 6 items); resolves the chosen index, or null when cancelled. */
export function actionSheet (items: string[]): Promise<number | null> {
  return loadFeedbackUi().then(ui => ui.showActionSheet({ itemList: items }))
}

/** SPEC §8: an unsupported feature shows the toast 暂不支持该功能. */
export function showUnsupported (): Promise<void> {
  return toast(t('unsupported'))
}

/**
 * SPEC §8: the loader error handler shows the error's message in a toast. Anything
 * without a usable message (a thrown string is used as is) shows 请求异常.
 */
export function showLoadError (error: unknown): Promise<void> {
  if (typeof error === 'string' && error !== '') return toast(error)
  const message = error instanceof Error ? error.message : ''
  return toast(message !== '' ? message : t('requestError'))
}

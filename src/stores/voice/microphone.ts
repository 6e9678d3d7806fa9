/**
 * Asking for the microphone, and what to tell a member when it is refused: which browser
 * they are in (from the user agent), whether it can give a microphone at all (WeChat's
 * in-app browser on iOS before 14.3 cannot: WKWebView got getUserMedia in iOS 14.3), and the
 * steps to allow it there. Pure: the user agent and the browser's error are passed in.
 */
import type { MessageKey } from '@/i18n'

/** The browsers whose steps to allow the microphone differ. */
export type MicrophonePlatform = 'wechat' | 'ios-safari' | 'android-chrome' | 'desktop'

/** Why the microphone is not there. */
export type MicrophoneProblem = 'denied' | 'not-found' | 'insecure' | 'wechat-ios-too-old' | 'failed'

/** A refused microphone in words: what went wrong and how to allow it on this browser. */
export interface MicrophoneHelp {
  problem: MicrophoneProblem
  platform: MicrophonePlatform
  /** What went wrong (a message key). */
  reason: MessageKey
  /** What to do about it here (a message key). */
  steps: MessageKey
}

/** Audio processing a member may switch, each on unless they switch it off. */
export interface AudioProcessing {
  echoCancellation: boolean
  noiseSuppression: boolean
  autoGainControl: boolean
}

/** Every audio processing on (the browsers' default, and ours). */
export const DEFAULT_AUDIO_PROCESSING: Readonly<AudioProcessing> = { echoCancellation: true, noiseSuppression: true, autoGainControl: true }

/** What getUserMedia is asked for: the microphone alone, with the member's processing choices. */
export function microphoneConstraints (processing: AudioProcessing): MediaStreamConstraints {
  return { audio: { ...processing }, video: false }
}

/** The browser a user agent names, for the steps to allow the microphone. */
export function microphonePlatformOf (userAgent: string): MicrophonePlatform {
  if (/MicroMessenger/i.test(userAgent)) return 'wechat'
  if (/iPhone|iPad|iPod/.test(userAgent)) return 'ios-safari'
  if (/Android/.test(userAgent)) return 'android-chrome'
  return 'desktop'
}

/** The iOS version a user agent names (`OS 14_2 like Mac OS X` → [14, 2]), or null off iOS. */
export function iosVersionOf (userAgent: string): [number, number] | null {
  const match = /(?:iPhone|iPad|iPod).*? OS (\d+)_(\d+)/.exec(userAgent)
  return match === null ? null : [Number(match[1]), Number(match[2])]
}

/** True in WeChat's in-app browser on iOS before 14.3, where a web page gets no microphone. */
export function isWechatIosWithoutMicrophone (userAgent: string): boolean {
  if (!/MicroMessenger/i.test(userAgent)) return false
  const version = iosVersionOf(userAgent)
  return version !== null && (version[0] < 14 || (version[0] === 14 && version[1] < 3))
}

const STEPS: Readonly<Record<MicrophonePlatform, MessageKey>> = {
  wechat: 'voiceMicStepsWechat',
  'ios-safari': 'voiceMicStepsIosSafari',
  'android-chrome': 'voiceMicStepsAndroidChrome',
  desktop: 'voiceMicStepsDesktop',
}

const REASONS: Readonly<Record<MicrophoneProblem, MessageKey>> = {
  denied: 'voiceMicDenied',
  'not-found': 'voiceMicNotFound',
  insecure: 'voiceMicInsecure',
  'wechat-ios-too-old': 'voiceMicWechatIosTooOld',
  failed: 'voiceMicFailed',
}

/** The help for `problem` on the browser of `userAgent`. */
export function microphoneHelp (problem: MicrophoneProblem, userAgent: string): MicrophoneHelp {
  const platform = microphonePlatformOf(userAgent)
  const steps: MessageKey = problem === 'not-found' ? 'voiceMicStepsPlugIn'
    : problem === 'insecure' ? 'voiceMicStepsSecure'
      : problem === 'wechat-ios-too-old' ? 'voiceMicStepsOpenInSafari'
        : STEPS[platform]
  return { problem, platform, reason: REASONS[problem], steps }
}

/** What a getUserMedia rejection means (DOMException names: NotAllowedError and SecurityError are a refusal, NotFoundError and OverconstrainedError no device). */
export function microphoneProblemOf (error: unknown): MicrophoneProblem {
  const name = typeof error === 'object' && error !== null && 'name' in error ? String((error as { name: unknown }).name) : ''
  if (name === 'NotAllowedError' || name === 'PermissionDeniedError') return 'denied'
  if (name === 'SecurityError') return 'insecure'
  if (name === 'NotFoundError' || name === 'DevicesNotFoundError' || name === 'OverconstrainedError') return 'not-found'
  return 'failed'
}

/** The problem to say before asking at all (null: ask): no microphone in old iOS WeChat, none on an insecure page. */
export function microphoneProblemBeforeAsking (runtime: { secureContext: boolean, hasMediaDevices: boolean, userAgent: string }): MicrophoneProblem | null {
  if (isWechatIosWithoutMicrophone(runtime.userAgent)) return 'wechat-ios-too-old'
  if (!runtime.secureContext || !runtime.hasMediaDevices) return 'insecure'
  return null
}

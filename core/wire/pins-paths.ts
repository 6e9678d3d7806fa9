/**
 * Values of the pin routes (./pins.ts) the client needs too: their paths and the codes of
 * their refusals. No imports that load TypeBox, so the client takes them from here.
 */

/** Paths of the pin routes (`:x` marks a path parameter; fill with core/wire/paths.ts fillPath). */
export const PINS_PATHS = {
  /** GET: the channel's pinned messages, the newest pin first */
  pins: '/channels/:channel_id/pins',
  /** PUT pin (ManageMessages), DELETE unpin (ManageMessages) */
  pin: '/channels/:channel_id/pins/:message_id',
} as const

/** The pin calls (core/wire/pins.ts). */
export const PIN_CALLS = {
  list: { method: 'GET', path: PINS_PATHS.pins, auth: 'anyone' },
  pin: { method: 'PUT', path: PINS_PATHS.pin, auth: 'user' },
  unpin: { method: 'DELETE', path: PINS_PATHS.pin, auth: 'user' },
} as const

/** Envelope codes of the pin refusals a client tells apart (HTTP status first, then a number). */
export const PIN_CODES = {
  /** 409: the channel holds core/domain/pins.ts PINS_PER_CHANNEL_MAX pinned messages: take one off first. */
  CHANNEL_FULL: 409601,
  /** 400: the message is a system line (a pin's announcement), which is never pinned. */
  NOT_PINNABLE: 400601,
} as const

/** The success answer of every route. */
import { SERVER_CODES, type Envelope } from '@core/wire/api'

/** `{code: 0, msg: 'ok', data}` */
export function ok<T> (data: T): Envelope<T> {
  return { code: SERVER_CODES.OK, msg: 'ok', data }
}

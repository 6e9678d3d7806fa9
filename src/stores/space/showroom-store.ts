/**
 * The showroom of a metaverse channel (SPEC §7 GET /channel/room/game/mapcfg): the map,
 * its hotspots and the interaction events, and which event's card is open. When the
 * showroom arrives the first interaction event is opened: that is the event the page
 * plays first (SPEC §7: "takes the first interaction event").
 */
import { makeAutoObservable, observable } from 'mobx'
import type { Hotspot, InteractionEvent, MapCfgData, MapCfgQuery } from '@core/wire/api'
import { firstShowroomOf } from '@core/domain/channel'
import { t } from '@/i18n'
import type { ApiClient, Showroom } from '@/services/api/api-client'
import { isRequestError } from '@/services/request/errors'
import { LoadTracker, type StoreLogger, type StoreStatus } from '../support/load-tracker'

/**
 * Why a showroom cannot be shown:
 * - `no-channel`: the page was opened without a server id (nothing was asked);
 * - `no-showroom`: no channel was named and the server has no showroom (metaverse channel);
 * - `unknown-channel`: the server does not know that channel as a showroom (4xx answer);
 * - `failed`: anything else (network, time-out, server error): worth a retry.
 */
export type ShowroomProblem = 'no-channel' | 'no-showroom' | 'unknown-channel' | 'failed'

/** The map of a showroom, with a usable natural size. */
export interface ShowroomMap {
  background: string
  width: number
  height: number
}

/** A map size used when the data has none (16:9, the seeded showrooms' shape). */
export const FALLBACK_MAP_SIZE = { width: 16, height: 9 } as const

const isPositive = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value > 0
const isFraction = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 1

/** The showroom a page shows, and the event card that is open on it. */
export class ShowroomStore {
  /** The showroom data as the server answered it, or null before (or without) an answer. */
  data: MapCfgData | null = null
  /** SPEC §7: the first interaction event of the data, or null when there is none. */
  firstEvent: InteractionEvent | null = null
  /** The id of the event whose card is open, or null when no card is open. */
  openEventId: string | null = null
  /** Why the showroom cannot be shown, or null while it can (or is on its way). */
  problem: ShowroomProblem | null = null
  /** The server and channel of the last load (channel '' for the server's first showroom): what a retry asks for again. */
  query: MapCfgQuery | null = null
  private readonly loader: LoadTracker

  constructor (private readonly api: ApiClient, logger: StoreLogger) {
    this.loader = new LoadTracker(logger)
    // The answer is read, never changed: kept as it came (no deep observable copy).
    makeAutoObservable<ShowroomStore, 'api' | 'loader'>(this, { api: false, loader: false, data: observable.ref, firstEvent: observable.ref })
  }

  /** 'loading' while asking, 'ready' with events to play, 'empty' for a showroom without events, 'error' (see `problem`). */
  get status (): StoreStatus {
    return this.loader.status
  }

  /**
   * The user-facing message of the failure, else null: for a channel the server does
   * not know as a showroom, a plain sentence rather than the server's technical one.
   */
  get error (): string | null {
    if (this.problem === 'unknown-channel') return t('showroomUnknownChannel')
    if (this.problem === 'no-showroom') return t('showroomNone')
    return this.loader.error
  }

  /** Whether retrying may help: not for a missing or unknown showroom, nor a refusal the same request gets again. */
  get retryable (): boolean {
    return this.problem === 'failed' && this.loader.retryable
  }

  /** The map with a usable size (a missing or broken size falls back to 16:9), or null without data. */
  get map (): ShowroomMap | null {
    const map = this.data?.map
    if (!map) return null
    const sized = isPositive(map.width) && isPositive(map.height)
    return {
      background: typeof map.background === 'string' ? map.background : '',
      width: sized ? map.width : FALLBACK_MAP_SIZE.width,
      height: sized ? map.height : FALLBACK_MAP_SIZE.height,
    }
  }

  /** Every interaction event, in play order. */
  get events (): InteractionEvent[] {
    const events: unknown = this.data?.interaction_events
    return Array.isArray(events) ? events : []
  }

  /** The hotspots that can be placed and opened: inside the map (x, y within 0..1) and naming a known event. */
  get hotspots (): Hotspot[] {
    const hotspots: unknown = this.data?.hotspots
    if (!Array.isArray(hotspots)) return []
    return (hotspots as Hotspot[]).filter(spot => isFraction(spot?.x) && isFraction(spot?.y) && this.eventOf(spot.event_id) !== null)
  }

  /** The event whose card is open, or null. */
  get openedEvent (): InteractionEvent | null {
    return this.openEventId === null ? null : this.eventOf(this.openEventId)
  }

  /** The event with this id, or null. */
  eventOf (eventId: string): InteractionEvent | null {
    return this.events.find(event => event.event_id === eventId) ?? null
  }

  /**
   * Loads the showroom of a channel; without arguments it asks for the last one again
   * (the retry). Without a channel id the server's first showroom opens (problem
   * 'no-showroom' when it has none); without a server id it ends in 'error' with problem
   * 'no-channel' and no request. On success the first interaction event's card is opened
   * (SPEC §7). Resolves true when the showroom is there to show.
   */
  async load (query: Partial<MapCfgQuery> | null = this.query): Promise<boolean> {
    const serverId = query?.server_id?.trim() ?? ''
    const channelId = query?.channel_id?.trim() ?? ''
    this.data = null
    this.firstEvent = null
    this.openEventId = null
    this.problem = null
    if (serverId === '') {
      this.query = null
      this.problem = 'no-channel'
      this.loader.fail(t('showroomNoChannel'))
      return false
    }
    this.query = { server_id: serverId, channel_id: channelId }
    const shown = await this.loader.run(() => this.fetchShowroom(serverId, channelId), showroom => {
      if (showroom === null) {
        this.problem = 'no-showroom'
        return 'empty'
      }
      this.data = showroom.data
      this.firstEvent = showroom.firstEvent
      this.openEventId = showroom.firstEvent?.event_id ?? null // SPEC §7: the first interaction event plays on open
      return this.events.length > 0 ? 'ready' : 'empty'
    }, error => {
      const status = isRequestError(error) ? error.status : undefined
      this.problem = status !== undefined && status >= 400 && status < 500 ? 'unknown-channel' : 'failed'
    })
    if (!shown || this.problem !== 'no-showroom') return shown
    this.loader.fail(t('showroomNone'))
    return false
  }

  /** The showroom of a channel; without a channel, of the server's first showroom (null when it has none). */
  private async fetchShowroom (serverId: string, channelId: string): Promise<Showroom | null> {
    if (channelId !== '') return this.api.getShowroom({ server_id: serverId, channel_id: channelId })
    const showroom = firstShowroomOf(await this.api.listChannels(serverId)) // A link without a channel opens the first showroom
    return showroom === null ? null : this.api.getShowroom({ server_id: serverId, channel_id: showroom.channel_id })
  }

  /** Opens the card of an event (a hotspot was tapped). Returns false, changing nothing, for an unknown event. */
  openEvent (eventId: string): boolean {
    if (this.eventOf(eventId) === null) return false
    this.openEventId = eventId
    return true
  }

  /** Closes the open card. */
  closeEvent (): void {
    this.openEventId = null
  }
}

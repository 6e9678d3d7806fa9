/**
 * The moderators' report queue on the bus: a report filed or resolved reaches the
 * moderators of its server on every gateway.
 */
import type { AudienceTarget, DispatchNameOf, DispatchPayloads, DispatchTarget } from '@core/wire/dispatches'
import type { EventBus } from '../bus'

/**
 * Publishes a report queue event (a dispatch whose declared audience is the moderators) to
 * the moderators of `serverId`; the payload is the one `t` declares, so a name paired with
 * another's payload does not compile.
 */
export async function publishToModerators<T extends DispatchNameOf<'moderators'>> (bus: Pick<EventBus, 'publish'>, t: T, serverId: string, d: DispatchPayloads[T]): Promise<void> {
  const target: AudienceTarget<'moderators'> = { server_id: serverId }
  // every dispatch of T has the moderators' audience, whose target this is (TypeScript does not resolve it for a generic T)
  await bus.publish<T>(t, target as DispatchTarget<T>, d)
}

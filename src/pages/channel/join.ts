import type { RootStore } from '@/stores/root-store'
import { toast } from '@/utils/feedback'

/**
 * A visitor's join of the channel's server from where a composer would be: a guest
 * account first when nobody is signed in; a failure is said in a toast. Never rejects.
 */
export function joinChannelServer ({ session, server }: Pick<RootStore, 'session' | 'server'>): Promise<void> {
  return session.ensureSignedIn().then(() => server.join()).then(() => server.joinError === null ? undefined : toast(server.joinError))
}

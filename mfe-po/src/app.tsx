/** mfe_po's single-spa lifecycles: the shared remote root (@erp/ui/remote) with this module's routes, loaded lazily. */
import { remoteLifecycles } from '@erp/ui/remote';

export const { bootstrap, mount, unmount } = remoteLifecycles('mfe_po', () => import('./routes/routes'));

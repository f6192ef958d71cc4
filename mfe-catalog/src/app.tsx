/** mfe_catalog's single-spa lifecycles: the shared remote root (@erp/ui/remote) with this module's routes (each screen loaded lazily). */
import { remoteLifecycles } from '@erp/ui/remote';
import { SECTIONS } from './routes/routes';

export const { bootstrap, mount, unmount } = remoteLifecycles('mfe_catalog', SECTIONS);

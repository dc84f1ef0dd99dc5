import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { mediaRoutes } from './routes';
import { discardChannelPhoto, discardNewsImage } from './service';
import { createMediaStore } from './storage';

/** Photos and the album. The store is shared with modules above (KYC keeps its photos in it). */
export function createMediaModule(deps: {
  db: Db;
  config: Pick<Config, 'DATA_DIR' | 'UPLOAD_MAX_BYTES'>;
  log: FastifyBaseLogger;
}) {
  const store = createMediaStore(deps.config);
  return {
    store,
    /** Register under /api/media; a module above may add `kycUpload`. */
    routes: mediaRoutes,
    routeOptions: { store, db: deps.db, uploadMaxBytes: deps.config.UPLOAD_MAX_BYTES },
    /** For the news module: an image an edit or a delete left unused. */
    discardNewsImage: (mediaId: number) => discardNewsImage({ db: deps.db, store, log: deps.log }, mediaId),
    /** For the business module: a logo or photo a company's edit or removal left unused. */
    discardChannelPhoto: (mediaId: number) => discardChannelPhoto({ db: deps.db, store, log: deps.log }, mediaId),
  };
}

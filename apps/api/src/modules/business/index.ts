import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createCompanyService } from './company-service';
import { createPromotionService } from './promotion-service';
import { businessRoutes } from './routes';
import type { WalletPort } from './wallet-port';

/**
 * My business (PRODUCT.md): a person's company (the Business account), its public card, and its
 * promoted pin on the live map paid from the wallet. The referral programme hears of payments by
 * `promotion.purchased` and `promotion.refunded`, and reads `companies` for the Business label.
 */
export function createBusinessModule(deps: {
  db: Db;
  config: Pick<Config, 'BUSINESS_PROMOTION_PRICE_7D' | 'BUSINESS_PROMOTION_PRICE_30D'>;
  /** The crypto module's `payments`; absent without a chain (then nothing can be bought). */
  payments?: WalletPort;
  /** The media module's `discardChannelPhoto`. */
  discardPhoto(mediaId: number): Promise<void>;
  now(): number;
}) {
  const promotions = createPromotionService({
    db: deps.db,
    payments: deps.payments,
    prices: { 7: deps.config.BUSINESS_PROMOTION_PRICE_7D, 30: deps.config.BUSINESS_PROMOTION_PRICE_30D },
    now: deps.now,
  });
  const companies = createCompanyService({ db: deps.db, promotions, discardPhoto: deps.discardPhoto });
  return {
    /** Register under /api/business. */
    routes: businessRoutes,
    routeOptions: { companies, promotions },
  };
}

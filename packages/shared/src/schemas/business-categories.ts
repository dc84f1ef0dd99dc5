/** PRODUCT.md "My business": the fixed list a company picks its category from (labels are translated). */
export const COMPANY_CATEGORIES = [
  'cafe',
  'restaurant',
  'bar',
  'shop',
  'beauty',
  'health',
  'sport',
  'education',
  'entertainment',
  'travel',
  'services',
  'it',
  'other',
] as const;
export type CompanyCategory = (typeof COMPANY_CATEGORIES)[number];

/** The lengths a promoted pin can be bought for (prices are configuration). */
export const PROMOTION_DAYS = [7, 30] as const;
export type PromotionDays = (typeof PROMOTION_DAYS)[number];

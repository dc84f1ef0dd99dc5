import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyCompany, PromotionOffer } from '@app/shared/schemas/business';
import { api } from '../../../lib/api-client';

export const myCompanyQueryOptions = () =>
  queryOptions({ queryKey: ['business', 'company'], queryFn: () => api<MyCompany>('/business/company') });

/** The signed-in person's company (null before one is added) and its promotions. */
export const useMyCompany = () => useQuery(myCompanyQueryOptions());

export const offerQueryOptions = () =>
  queryOptions({
    queryKey: ['business', 'offer'],
    queryFn: () => api<PromotionOffer>('/business/promotion/offer'),
  });

/** The promotion's prices and what the wallet can spend now. */
export const useOffer = (enabled: boolean) => useQuery({ ...offerQueryOptions(), enabled });

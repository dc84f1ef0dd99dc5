import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NewsList } from '@app/shared/schemas/news';
import { api } from '../../../lib/api-client';

export const getNews = (params: { offset?: number; limit?: number } = {}) =>
  api<NewsList>('/notif/news/', { query: params });

export const getNewsQueryOptions = (params: { offset?: number; limit?: number } = {}) =>
  queryOptions({ queryKey: ['news', params], queryFn: () => getNews(params), staleTime: 5 * 60_000 });

/** Published news, newest first. */
export const useNews = (params: { offset?: number; limit?: number } = {}) => useQuery(getNewsQueryOptions(params));

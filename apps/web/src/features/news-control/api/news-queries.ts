import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { NewsAdminItem, NewsAdminList, NewsStatus } from '@app/shared/schemas/news';
import { api } from '../../../lib/api-client';

/**
 * Every key here starts with 'news', the home page's key too (features/news/api/get-news.ts):
 * invalidating ['news'] after a change refreshes the admin's lists and this browser's home page.
 */
export const NEWS_KEY = ['news'] as const;

export interface StaffNewsQuery {
  status?: NewsStatus;
  offset: number;
  limit: number;
}

export const getStaffNewsQueryOptions = (query: StaffNewsQuery) =>
  queryOptions({
    queryKey: [...NEWS_KEY, 'staff', query],
    queryFn: () => api<NewsAdminList>('/notif/news/staff', { query: { ...query } }),
    placeholderData: keepPreviousData,
  });

/** Admins: every item (drafts too) of a status, the latest edited first. */
export const useStaffNews = (query: StaffNewsQuery) => useQuery(getStaffNewsQueryOptions(query));

export const getNewsItemQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...NEWS_KEY, 'item', id],
    queryFn: () => api<NewsAdminItem>(`/notif/news/${id}`),
  });

/** Admins: one item with its Markdown. */
export const useNewsItem = (id: number) => useQuery(getNewsItemQueryOptions(id));

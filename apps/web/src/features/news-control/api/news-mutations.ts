import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewsAdminItem, NewsSave } from '@app/shared/schemas/news';
import type { UploadedMedia } from '@app/shared/schemas/media';
import { api } from '../../../lib/api-client';
import { NEWS_KEY } from './news-queries';

/** POST /api/notif/news/ (SPEC.md): no id adds a draft, an id edits that item. */
export const saveNews = (input: NewsSave) => api<NewsAdminItem>('/notif/news/', { method: 'POST', body: input });

export const setNewsPublished = ({ id, published }: { id: number; published: boolean }) =>
  api<NewsAdminItem>(`/notif/news/${id}/${published ? 'publish' : 'unpublish'}`, { method: 'POST' });

export const deleteNews = (id: number) => api<null>(`/notif/news/${id}`, { method: 'DELETE' });

/** POST /api/media into album `news` (admins only); the item refers to it once saved. */
export const uploadNewsImage = (file: File): Promise<UploadedMedia> => {
  const form = new FormData();
  // Text fields before the file: the server reads the form in order.
  form.append('album', 'news');
  form.append('files', file, file.name);
  return api<UploadedMedia>('/media', { method: 'POST', body: form });
};

/** Any change may show on the home page: every news query, the public one too, is read again. */
function useNewsMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NEWS_KEY }),
  });
}

export const useSaveNews = () => useNewsMutation(saveNews);
export const useSetNewsPublished = () => useNewsMutation(setNewsPublished);
export const useDeleteNews = () => useNewsMutation(deleteNews);
export const useUploadNewsImage = () => useMutation({ mutationFn: uploadNewsImage });

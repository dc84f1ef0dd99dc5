import { useParams } from 'react-router';
import { NewsControlPage } from '../../features/news-control/components/news-control-page';
import { NewsEditPage } from '../../features/news-control/components/news-edit-page';
import { loadTexts } from '../../lib/i18n';

// The screen's texts come with its code, so it renders with them at once (see loadTexts).
await loadTexts('news', 'msg', 'errors');

/** /control/news: the list, and the editor of a new item (`?new`). */
export function ControlNewsRoute() {
  return <NewsControlPage />;
}

/** /control/news/{id}: the editor of a saved item. */
export function ControlNewsEditRoute() {
  const { id } = useParams();
  return <NewsEditPage id={Number(id)} />;
}

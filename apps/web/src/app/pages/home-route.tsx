import { HomePage, type Landing } from '../../features/home/components/home-page';
import { LatestNews } from '../../features/news/components/latest-news';

/** The home page with the news block composed in (features do not import each other). */
export function HomeRoute({ landing }: { landing: Landing }) {
  return <HomePage landing={landing} news={<LatestNews />} />;
}

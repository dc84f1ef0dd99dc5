import { createIsbotFromList, list } from 'isbot';

/**
 * Crawlers and link previews by their user agent (isbot's list). Headless browsers are not counted
 * as crawlers: a visit is recorded by the web app's own call, which needs a browser running the
 * app, and automated journeys (ours included) use headless ones.
 */
export const isCrawler: (userAgent: string | undefined) => boolean = createIsbotFromList(
  list.filter((pattern) => !/headless/i.test(pattern)),
);

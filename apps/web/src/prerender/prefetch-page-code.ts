/**
 * Fetches the page's hydration code into the browser's cache without running it (the files are
 * named by the build, vite.config.ts `hydrationCodeHint`): on a phone's network the first tap then
 * waits for the code to run, not for 150 KB to arrive.
 */
export function prefetchPageCode() {
  const files =
    document.querySelector<HTMLMetaElement>('meta[name="page-code"]')?.content.split(' ').filter(Boolean) ?? [];
  for (const href of files) {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = href;
    // As a module script asks for it (CORS, same-origin credentials), so the cached copy is reused.
    link.crossOrigin = 'anonymous';
    document.head.append(link);
  }
}

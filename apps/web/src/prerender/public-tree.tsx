import type { ComponentType } from 'react';
import { Router, type Navigator } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { Providers } from '../app/providers';
import { AppFrame } from '../app/layouts/app-frame';
import { DocumentHead } from '../app/layouts/document-title';

export interface PublicLocation {
  pathname: string;
  search: string;
  hash: string;
}

/**
 * A public page as the server renders it ahead and the browser hydrates it: the same tree on both
 * sides, or hydration fails. No data router: links are plain page loads (see page-navigator.ts).
 */
export function PublicTree({
  Page,
  titleKey,
  location,
  navigator,
  client,
  isStatic = false,
}: {
  Page: ComponentType;
  /** The page's title key: the server writes the head itself, the browser keeps it in the page's language. */
  titleKey?: string;
  location: PublicLocation;
  navigator: Navigator;
  client?: QueryClient;
  isStatic?: boolean;
}) {
  return (
    <Providers client={client}>
      <Router location={{ ...location, state: null, key: 'default' }} navigator={navigator} static={isStatic}>
        {!isStatic && <DocumentHead titleKey={titleKey} />}
        <AppFrame>
          <Page />
        </AppFrame>
      </Router>
    </Providers>
  );
}

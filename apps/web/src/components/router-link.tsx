import { forwardRef } from 'react';
import { Link, type LinkProps } from 'react-router';

/** Lets MUI's Link and Button take an `href` and navigate inside the app. */
export const RouterLink = forwardRef<HTMLAnchorElement, Omit<LinkProps, 'to'> & { href: LinkProps['to'] }>(
  function RouterLink({ href, ...props }, ref) {
    const external = typeof href === 'string' && /^(https?:|mailto:)/.test(href);
    if (external) return <a ref={ref} href={href} target="_blank" rel="noopener noreferrer" {...props} />;
    return <Link ref={ref} to={href} {...props} />;
  },
);

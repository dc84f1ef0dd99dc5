/**
 * Sign-in with a third-party OpenID Connect provider (Apple's), SPEC.md sections 2 and 7: the
 * browser goes to `start`, the provider posts back to the callback, the API redirects to the
 * `/apple-login` page with a state, and the page claims the finished sign-in once.
 */
export const PROVIDER_SIGN_IN_PATHS = {
  start: '/api/user/apple',
  callback: '/api/user/apple/callback',
  claim: '/user/apple/apple-success-registration',
  page: '/apple-login',
} as const;

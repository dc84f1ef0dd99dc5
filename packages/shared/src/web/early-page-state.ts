/** The page's background in each scheme (apps/web/src/app/theme.ts; MUI's light default is white). */
const THEME_COLORS = { dark: '#0a0b0f', light: '#ffffff' } as const;

/**
 * An inline script, first in the <head> of every page the server sends (the prerendered pages and
 * the app's index.html), that marks on <html>, before the first paint, what the server cannot know:
 * - the reader's colour scheme, from where MUI's theme toggle keeps it (`mui-mode` in local
 *   storage: light, dark or system). Without it a reader of the light theme saw each page dark
 *   until its code ran; the pages' CSS holds both schemes;
 * - the browser's own colour around the page (`<meta name="theme-color">`, a phone's status bar) in
 *   that scheme, and again whenever the scheme on <html> changes (the theme toggle): the pages are
 *   sent with the dark one, and a page whose head has this script before its meta gets one inserted
 *   here, which comes first and so is the one the browser takes;
 * - a stored session (`data-session`): a prerendered page is the guest's, and a signed-in reader
 *   gets the app over it once its code has come. Until then the page hides what only a guest may
 *   use (`data-guest-only`: the header's login button, the login and registration forms; see
 *   GUEST_ONLY_STYLE); the app drops the mark once it has rendered.
 * The API allows exactly this text, by its hash, in the Content-Security-Policy. Plain ES2015 text:
 * it runs as written.
 */
export const EARLY_PAGE_STATE_SCRIPT =
  '(function(){var d=document.documentElement;' +
  // The theme-color metas follow <html>'s scheme, also when MUI's toggle changes it later.
  'function c(){var l=document.querySelectorAll(\'meta[name="theme-color"]\'),' +
  'v=d.getAttribute("data-mui-color-scheme")==="light"?"' +
  THEME_COLORS.light +
  '":"' +
  THEME_COLORS.dark +
  '";' +
  'if(!l.length){var n=document.createElement("meta");n.name="theme-color";document.head.appendChild(n);l=[n]}' +
  'for(var i=0;i<l.length;i++)l[i].content=v}' +
  'try{var m=localStorage.getItem("mui-mode");' +
  'if(m==="system")m=matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light";' +
  'if(m==="light"||m==="dark")d.setAttribute("data-mui-color-scheme",m);' +
  'var a=JSON.parse(localStorage.getItem("auth")||"null");if(a&&a.token)d.setAttribute("data-session","stored")' +
  '}catch(e){}' +
  'c();new MutationObserver(c).observe(d,{attributes:true,attributeFilter:["data-mui-color-scheme"]})})()';

/** A prerendered page's rule for a reader with a stored session (see EARLY_PAGE_STATE_SCRIPT). */
export const GUEST_ONLY_STYLE = 'html[data-session] [data-guest-only]{visibility:hidden}';

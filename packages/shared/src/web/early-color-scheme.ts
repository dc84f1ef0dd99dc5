/**
 * An inline script, first in the <head> of every page the server sends (the prerendered pages and
 * the app's index.html): it puts the reader's chosen colour scheme on <html> before the first
 * paint, from where MUI's theme toggle keeps it (`mui-mode` in local storage: light, dark or
 * system). Without it a reader of the light theme saw each page dark until its code ran. The pages'
 * CSS already holds both schemes' variables. The API allows exactly this text, by its hash, in the
 * Content-Security-Policy. Plain ES2015 text: it runs as written.
 */
export const EARLY_COLOR_SCHEME_SCRIPT =
  '(function(){try{var m=localStorage.getItem("mui-mode");' +
  'if(m==="system")m=matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light";' +
  'if(m==="light"||m==="dark")document.documentElement.setAttribute("data-mui-color-scheme",m)}catch(e){}})()';

/**
 * The one inline script of a prerendered page, first in its <head>. The page is on screen before
 * its module scripts run, and a tap then would be lost, or a form would submit itself the
 * browser's way, its fields into the address. This holds taps on buttons and form sends inside
 * #root (links are left alone: they load their page either way) until the page's code takes them
 * over (apps/web/src/prerender/event-replay.ts). Fields and their labels are left alone too: a box
 * ticked before hydration must show its tick at once, and the form takes the field's state over when
 * it hydrates (apps/web/src/features/auth/lib/adopt-typed-values.ts). The API allows exactly this text, by its hash,
 * in the Content-Security-Policy. Plain ES2015 text: it runs as written.
 */
export const HOLD_EARLY_TAPS_SCRIPT =
  '(function(){var held=window.__heldTaps=[];' +
  'function hold(e){var t=e.target;if(!(t instanceof Element)||!t.closest("#root"))return;' +
  'if(e.type==="submit")held.push(function(){t.requestSubmit()});' +
  'else{if(t.closest("a[href],label,input")&&!t.closest("button,[role=button]"))return;' +
  'held.push(function(){t.dispatchEvent(new MouseEvent("click",{bubbles:true,cancelable:true,composed:true,view:window}))})}' +
  'e.preventDefault();e.stopImmediatePropagation()}' +
  'held.stop=function(){document.removeEventListener("click",hold,true);document.removeEventListener("submit",hold,true)};' +
  'document.addEventListener("click",hold,true);document.addEventListener("submit",hold,true)})()';

/**
 * True while the page was rendered ahead (on the server) or is being hydrated from such HTML: then
 * the first render must equal the server's exactly, so nothing may appear in turns or depend on
 * the browser during it.
 */
let prerendered = false;

export const markPrerendered = () => {
  prerendered = true;
};
export const isPrerendered = () => prerendered;

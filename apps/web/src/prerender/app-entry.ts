/**
 * The app's own entry script, which the server names in a prerendered page (`meta[name=app-entry]`).
 * Importing it starts the app, which renders over the page.
 */
export const appEntry = () => document.querySelector<HTMLMetaElement>('meta[name="app-entry"]')?.content;

export function startApp(entry = appEntry()) {
  if (entry) void import(/* @vite-ignore */ entry);
}

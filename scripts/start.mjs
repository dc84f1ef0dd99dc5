// `npm start`: build what is not built yet, then run the API, which also serves the web app.
import { buildIfNeeded } from './build-if-needed.mjs';

buildIfNeeded();
await import('../apps/api/dist/server.js');

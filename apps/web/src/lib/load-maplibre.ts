/**
 * MapLibre GL with its stylesheet, loaded only by the map page (its own chunk). Its worker is a
 * file of this site, so the Content-Security-Policy needs no blob: script for it.
 */
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import * as maplibre from 'maplibre-gl';

maplibre.setWorkerUrl(new URL(workerUrl, window.location.origin).href);

export { maplibre };

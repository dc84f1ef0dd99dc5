import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Map as MapLibreMap, Marker } from 'maplibre-gl';

export interface PickedPlace {
  lat: number;
  lng: number;
}

/** Where the map opens when nothing is picked yet: Europe, far enough out to find one's city. */
const WORLD_START = { lat: 50, lng: 10, zoom: 3 };
const PLACE_ZOOM = 15;
const round = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * A small map to pick one place: a click (or a drag of the pin) puts it there, and the latitude
 * and longitude fields below read and set it exactly (for the keyboard, or a copied address).
 * MapLibre loads with it, as its own chunk. Texts come from the caller's namespace.
 */
export function PlacePicker({
  styleUrl,
  value,
  onChange,
  labels,
}: {
  styleUrl: string;
  value: PickedPlace | null;
  onChange: (place: PickedPlace | null) => void;
  labels: { hint: string; latitude: string; longitude: string; clear: string; failed: string };
}) {
  const { i18n } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [failed, setFailed] = useState(false);
  const marker = useRef<Marker | null>(null);
  const lib = useRef<typeof import('maplibre-gl') | null>(null);
  const change = useRef(onChange);
  const start = useRef(value);
  useEffect(() => {
    change.current = onChange;
  });
  const [lat, setLat] = useState(value ? String(value.lat) : '');
  const [lng, setLng] = useState(value ? String(value.lng) : '');
  // A place set elsewhere (the map, clear) shows in the fields; one being typed is left as typed.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    const parsed = (text: string) => Number(text.replace(',', '.'));
    if (!value || parsed(lat) !== value.lat) setLat(value ? String(value.lat) : '');
    if (!value || parsed(lng) !== value.lng) setLng(value ? String(value.lng) : '');
  }

  useEffect(() => {
    let cancelled = false;
    let instance: MapLibreMap | undefined;
    import('../../lib/load-maplibre')
      .then(({ maplibre }) => {
        if (cancelled || !container.current) return;
        lib.current = maplibre;
        const first = start.current;
        instance = new maplibre.Map({
          container: container.current,
          style: new URL(styleUrl, window.location.origin).href,
          center: first ? [first.lng, first.lat] : [WORLD_START.lng, WORLD_START.lat],
          zoom: first ? PLACE_ZOOM : WORLD_START.zoom,
          attributionControl: { compact: true },
          dragRotate: false,
          pitchWithRotate: false,
        });
        instance.addControl(new maplibre.NavigationControl({ showCompass: false }), 'bottom-right');
        instance.on('click', (event) => change.current({ lat: round(event.lngLat.lat), lng: round(event.lngLat.lng) }));
        setMap(instance);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      instance?.remove();
      marker.current = null;
      setMap(null);
    };
  }, [styleUrl]);

  // The pin follows the value, wherever it changed.
  useEffect(() => {
    const maplibre = lib.current;
    if (!map || !maplibre) return;
    if (!value) {
      marker.current?.remove();
      marker.current = null;
      return;
    }
    if (!marker.current) {
      marker.current = new maplibre.Marker({ color: '#f5a524', draggable: true })
        .setLngLat([value.lng, value.lat])
        .addTo(map);
      marker.current.on('dragend', () => {
        const at = marker.current!.getLngLat();
        change.current({ lat: round(at.lat), lng: round(at.lng) });
      });
    } else marker.current.setLngLat([value.lng, value.lat]);
    // From the world view, or to a place off screen, the map goes to where the pin is.
    if (map.getZoom() < PLACE_ZOOM - 3 || !map.getBounds().contains([value.lng, value.lat]))
      map.jumpTo({ center: [value.lng, value.lat], zoom: Math.max(map.getZoom(), PLACE_ZOOM - 1) });
  }, [map, value]);

  /** A typed pair takes effect once both numbers are in range. */
  function typed(nextLat: string, nextLng: string) {
    setLat(nextLat);
    setLng(nextLng);
    const a = Number(nextLat.replace(',', '.'));
    const b = Number(nextLng.replace(',', '.'));
    if (nextLat.trim() && nextLng.trim() && Math.abs(a) <= 90 && Math.abs(b) <= 180 && !isNaN(a) && !isNaN(b))
      onChange({ lat: round(a), lng: round(b) });
  }

  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" color="textSecondary">
        {labels.hint}
      </Typography>
      <Box
        data-testid="place-picker"
        data-ready={map ? 'true' : 'false'}
        sx={{
          position: 'relative',
          height: { xs: 220, sm: 260 },
          borderRadius: 2,
          overflow: 'hidden',
          border: 1,
          borderColor: 'divider',
          bgcolor: '#0d1015',
          cursor: 'crosshair',
          '& > div': { width: '100%', height: '100%' },
          '& .maplibregl-ctrl-attrib': { fontSize: 11 },
        }}
      >
        {failed ? (
          <Typography color="textSecondary" sx={{ p: 2 }}>
            {labels.failed}
          </Typography>
        ) : (
          <div ref={container} lang={i18n.language} />
        )}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          size="small"
          label={labels.latitude}
          value={lat}
          onChange={(e) => typed(e.target.value, lng)}
          inputMode="decimal"
          slotProps={{ htmlInput: { 'data-testid': 'place-lat' } }}
        />
        <TextField
          size="small"
          label={labels.longitude}
          value={lng}
          onChange={(e) => typed(lat, e.target.value)}
          inputMode="decimal"
          slotProps={{ htmlInput: { 'data-testid': 'place-lng' } }}
        />
        {value && (
          <Button color="inherit" onClick={() => onChange(null)} data-testid="place-clear">
            {labels.clear}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import MapOffIcon from '@mui/icons-material/MapOutlined';
import type { HandCard, Mood } from '@app/shared/schemas/meet';
import type { PromotedPin } from '@app/shared/schemas/business';
import type { Map as MapLibreMap, Marker } from 'maplibre-gl';
import { watchRadiusFor, type LatLng } from '../lib/geo';
import { HandAvatar } from './hand-avatar';
import { PromotedMarker } from './promoted-marker';

type MapLibre = typeof import('maplibre-gl');

const START_ZOOM = 14;
const NO_PINS: PromotedPin[] = [];
/** How long a moved hand glides to its new place. */
const GLIDE_MS = 600;

export interface HandMapProps {
  styleUrl: string;
  viewer: LatLng;
  viewerName: string;
  viewerAvatar: string | null;
  /** The mood of the viewer's raised hand, or null when it is down. */
  viewerMood: Mood | null;
  /** Ghost mode: the viewer's own marker fades, as nobody else sees it. */
  viewerGhost?: boolean;
  hands: HandCard[];
  selectedId: number | null;
  onSelect: (userId: number) => void;
  /** The radius (snapped) around the viewer that the map shows, after each move of the map. */
  onRadiusChange: (radius: number) => void;
  /** Changing it flies the map back to the viewer. */
  recenterKey: number;
  /** A hidden map (the list tab on phones) resizes when it shows again. */
  visible: boolean;
  markerLabel: (hand: HandCard) => string;
  /** Pixels at the bottom covered by a panel (phones): the controls and the centre move up. */
  bottomInset?: number;
  /** Without WebGL there is no map: the list still works. */
  onShowList?: () => void;
  /** Companies' promoted pins running now: a style of their own, their card on a click. */
  promoted?: PromotedPin[];
  onSelectPromoted?: (pin: PromotedPin) => void;
  children?: ReactNode;
}

interface Placed {
  marker: Marker;
  element: HTMLElement;
  glide?: number;
}

/** Moves a marker smoothly instead of jumping, so a walking hand reads as walking. */
function glideTo(placed: Placed, to: LatLng) {
  const from = placed.marker.getLngLat();
  if (Math.abs(from.lat - to.lat) < 1e-9 && Math.abs(from.lng - to.lng) < 1e-9) return;
  if (placed.glide) cancelAnimationFrame(placed.glide);
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
    placed.marker.setLngLat([to.lng, to.lat]);
    return;
  }
  const start = performance.now();
  const step = (now: number) => {
    const t = Math.min(1, (now - start) / GLIDE_MS);
    const e = 1 - (1 - t) ** 3;
    placed.marker.setLngLat([from.lng + (to.lng - from.lng) * e, from.lat + (to.lat - from.lat) * e]);
    placed.glide = t < 1 ? requestAnimationFrame(step) : undefined;
  };
  placed.glide = requestAnimationFrame(step);
}

/** The DOM elements MapLibre's markers move around, one per hand, made when first asked for. */
class MarkerElements {
  private readonly byUser = new Map<number, HTMLElement>();
  create(className: string): HTMLElement {
    const element = document.createElement('div');
    element.className = className;
    return element;
  }
  for(userId: number): HTMLElement {
    let element = this.byUser.get(userId);
    if (!element) this.byUser.set(userId, (element = this.create('hand-marker')));
    return element;
  }
  forget(userId: number) {
    this.byUser.delete(userId);
  }
}

/**
 * The live map: MapLibre GL (loaded with this component, never on other pages) with the raised
 * hands as round avatar markers and the viewer's own marker. Markers are DOM elements that React
 * renders into through portals, so they are real buttons: focusable, labelled, clickable.
 */
export function HandMap(props: HandMapProps) {
  const {
    styleUrl,
    viewer,
    hands,
    selectedId,
    onSelect,
    onRadiusChange,
    recenterKey,
    visible,
    markerLabel,
    bottomInset = 0,
    promoted = NO_PINS,
  } = props;
  const { t } = useTranslation('map');
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [failed, setFailed] = useState(false);
  const lib = useRef<MapLibre | null>(null);
  // The latest viewer and callback for MapLibre's own event handlers.
  const viewerRef = useRef(viewer);
  const radiusCallback = useRef(onRadiusChange);
  useEffect(() => {
    viewerRef.current = viewer;
    radiusCallback.current = onRadiusChange;
  });

  // Marker elements exist before their markers: portals render into them on the first pass.
  const [elements] = useState(() => new MarkerElements());
  const [ownElement] = useState(() => elements.create('own-marker'));
  const placed = useRef(new Map<number, Placed>());
  const ownMarker = useRef<Marker | null>(null);
  const [pinElements] = useState(() => new MarkerElements());
  const placedPins = useRef(new Map<number, Marker>());

  useEffect(() => {
    let cancelled = false;
    let instance: MapLibreMap | undefined;
    import('../../../lib/load-maplibre')
      .then(({ maplibre }) => {
        if (cancelled || !container.current) return;
        lib.current = maplibre;
        const start = viewerRef.current;
        instance = new maplibre.Map({
          container: container.current,
          style: new URL(styleUrl, window.location.origin).href,
          center: [start.lng, start.lat],
          zoom: START_ZOOM,
          minZoom: 3,
          maxZoom: 18,
          attributionControl: { compact: true },
          dragRotate: false,
          pitchWithRotate: false,
          touchPitch: false,
        });
        instance.touchZoomRotate.disableRotation();
        instance.keyboard.disableRotation();
        instance.addControl(new maplibre.NavigationControl({ showCompass: false }), 'bottom-right');
        const report = () => {
          const bounds = instance!.getBounds();
          const corners = [bounds.getNorthEast(), bounds.getNorthWest(), bounds.getSouthEast(), bounds.getSouthWest()];
          radiusCallback.current(watchRadiusFor(viewerRef.current, corners));
        };
        instance.on('load', report);
        instance.on('moveend', report);
        setMap(instance);
      })
      .catch(() => !cancelled && setFailed(true));
    const markers = placed.current;
    const pins = placedPins.current;
    return () => {
      cancelled = true;
      instance?.remove();
      markers.clear();
      pins.clear();
      ownMarker.current = null;
      setMap(null);
    };
  }, [styleUrl]);

  // The hands' markers follow the list: added, glided to a new place, removed.
  useEffect(() => {
    const maplibre = lib.current;
    if (!map || !maplibre) return;
    const seen = new Set<number>();
    for (const hand of hands) {
      seen.add(hand.userId);
      const current = placed.current.get(hand.userId);
      if (current) glideTo(current, hand.position);
      else {
        const element = elements.for(hand.userId);
        const marker = new maplibre.Marker({ element, anchor: 'center' })
          .setLngLat([hand.position.lng, hand.position.lat])
          .addTo(map);
        placed.current.set(hand.userId, { marker, element });
      }
    }
    for (const [userId, current] of placed.current) {
      if (seen.has(userId)) continue;
      if (current.glide) cancelAnimationFrame(current.glide);
      current.marker.remove();
      placed.current.delete(userId);
      elements.forget(userId);
    }
  }, [map, hands, elements]);

  // Promoted pins stay where their company is: added and removed, never moved.
  useEffect(() => {
    const maplibre = lib.current;
    if (!map || !maplibre) return;
    const seen = new Set<number>();
    for (const pin of promoted) {
      if (!pin.company.place) continue;
      seen.add(pin.promotionId);
      if (placedPins.current.has(pin.promotionId)) continue;
      const marker = new maplibre.Marker({ element: pinElements.for(pin.promotionId), anchor: 'bottom' })
        .setLngLat([pin.company.place.lng, pin.company.place.lat])
        .addTo(map);
      // Under people's hands: a pin advertises, a hand is someone to meet.
      marker.getElement().style.zIndex = '1';
      placedPins.current.set(pin.promotionId, marker);
    }
    for (const [id, marker] of placedPins.current) {
      if (seen.has(id)) continue;
      marker.remove();
      placedPins.current.delete(id);
      pinElements.forget(id);
    }
  }, [map, promoted, pinElements]);

  useEffect(() => {
    for (const [userId, { marker }] of placed.current)
      marker.getElement().style.zIndex = userId === selectedId ? '3' : '2';
  }, [selectedId, hands]);

  // The viewer's own marker, under the others.
  useEffect(() => {
    const maplibre = lib.current;
    if (!map || !maplibre) return;
    if (!ownMarker.current) {
      ownMarker.current = new maplibre.Marker({ element: ownElement, anchor: 'center' })
        .setLngLat([viewer.lng, viewer.lat])
        .addTo(map);
      ownMarker.current.getElement().style.zIndex = '1';
    } else ownMarker.current.setLngLat([viewer.lng, viewer.lat]);
  }, [map, viewer, ownElement]);

  useEffect(() => {
    if (map && recenterKey > 0)
      map.easeTo({
        center: [viewerRef.current.lng, viewerRef.current.lat],
        zoom: Math.max(map.getZoom(), START_ZOOM - 1),
      });
  }, [map, recenterKey]);

  useEffect(() => {
    if (map && visible) map.resize();
  }, [map, visible]);

  useEffect(() => {
    map?.setPadding({ top: 0, left: 0, right: 0, bottom: bottomInset });
  }, [map, bottomInset]);

  if (failed) {
    return (
      <Box
        sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}
        data-testid="map-failed"
      >
        <Box sx={{ maxWidth: 360 }}>
          <MapOffIcon sx={{ fontSize: 48, color: 'text.secondary' }} />
          <Typography variant="h6" component="p" sx={{ mt: 1 }}>
            {t('map.failedTitle')}
          </Typography>
          <Typography color="textSecondary" sx={{ mt: 1 }}>
            {t('map.failedText')}
          </Typography>
          {props.onShowList && (
            <Button variant="outlined" sx={{ mt: 2 }} onClick={props.onShowList}>
              {t('map.showList')}
            </Button>
          )}
        </Box>
      </Box>
    );
  }

  return (
    <>
      <Box
        data-testid="hand-map"
        data-ready={map ? 'true' : 'false'}
        sx={{
          position: 'absolute',
          inset: 0,
          bgcolor: '#0d1015',
          // MapLibre makes its container position: relative; it fills this box instead.
          '& > .maplibregl-map': { width: '100%', height: '100%' },
          '& .maplibregl-ctrl-group': { bgcolor: 'background.paper', borderRadius: 2, overflow: 'hidden' },
          '& .maplibregl-ctrl-group button + button': { borderTopColor: 'divider' },
          '& .maplibregl-ctrl-icon': (theme) => theme.applyStyles('dark', { filter: 'invert(1)' }),
          '& .maplibregl-ctrl-attrib': { fontSize: 11 },
          '& .maplibregl-ctrl-bottom-right, & .maplibregl-ctrl-bottom-left': { bottom: bottomInset },
        }}
      >
        <div ref={container} />
      </Box>
      {!map && (
        <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', pointerEvents: 'none' }}>
          <CircularProgress aria-label={t('map.loading')} />
        </Box>
      )}
      {hands.map((hand) =>
        createPortal(
          <Box
            component="button"
            type="button"
            aria-label={markerLabel(hand)}
            data-testid="hand-marker"
            data-user-id={hand.userId}
            data-mood={hand.mood}
            onClick={(event) => {
              event.stopPropagation();
              onSelect(hand.userId);
            }}
            sx={{
              p: 0,
              border: 0,
              bgcolor: 'transparent',
              cursor: 'pointer',
              borderRadius: '50%',
              display: 'block',
              transform: hand.userId === selectedId ? 'scale(1.15)' : 'none',
              transition: 'transform 150ms ease',
              '&:hover': { transform: 'scale(1.1)' },
              '&:focus-visible': { outline: '3px solid #f2f4f8', outlineOffset: 3 },
              animation: 'hand-pop 320ms cubic-bezier(.2,1.4,.4,1)',
              '@keyframes hand-pop': {
                from: { transform: 'scale(0.3)', opacity: 0 },
                to: { transform: 'scale(1)', opacity: 1 },
              },
              '@media (prefers-reduced-motion: reduce)': { animation: 'none', transition: 'none' },
            }}
          >
            <HandAvatar
              avatar={hand.avatar}
              name={hand.firstName ?? hand.domain ?? '?'}
              mood={hand.mood}
              size={48}
              selected={hand.userId === selectedId}
            />
          </Box>,
          elements.for(hand.userId),
          `hand-${hand.userId}`,
        ),
      )}
      {promoted.map((pin) =>
        createPortal(
          <PromotedMarker
            pin={pin}
            label={t('map.promotedLabel', { name: pin.company.name })}
            onSelect={() => props.onSelectPromoted?.(pin)}
          />,
          pinElements.for(pin.promotionId),
          `pin-${pin.promotionId}`,
        ),
      )}
      {createPortal(
        <OwnMarker
          name={props.viewerName}
          avatar={props.viewerAvatar}
          mood={props.viewerMood}
          ghost={props.viewerGhost ?? false}
          label={t('map.you')}
        />,
        ownElement,
      )}
      {props.children}
    </>
  );
}

/** The viewer: a pulsing blue dot, or their own avatar in its mood ring while the hand is up. */
function OwnMarker({
  name,
  avatar,
  mood,
  ghost,
  label,
}: {
  name: string;
  avatar: string | null;
  mood: Mood | null;
  ghost: boolean;
  label: string;
}) {
  const pulse = {
    content: '""',
    position: 'absolute',
    inset: 0,
    borderRadius: '50%',
    bgcolor: 'rgba(47,123,255,0.35)',
    animation: 'own-pulse 2.2s ease-out infinite',
    '@keyframes own-pulse': {
      from: { transform: 'scale(1)', opacity: 0.9 },
      to: { transform: 'scale(3)', opacity: 0 },
    },
    '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
  } as const;
  return (
    <Box
      role="img"
      aria-label={label}
      data-testid="own-marker"
      data-raised={mood ? 'true' : 'false'}
      sx={{ position: 'relative', pointerEvents: 'none', opacity: ghost ? 0.45 : 1, transition: 'opacity 200ms' }}
    >
      {mood ? (
        <Box sx={{ position: 'relative', '&::before': pulse }}>
          <HandAvatar avatar={avatar} name={name} mood={mood} size={44} />
        </Box>
      ) : (
        <Box sx={{ position: 'relative', width: 20, height: 20, '&::before': pulse }}>
          <Box
            sx={{
              position: 'absolute',
              inset: 0,
              borderRadius: '50%',
              bgcolor: '#2f7bff',
              border: '3px solid #f2f4f8',
              boxShadow: '0 2px 8px rgba(0,0,0,0.5)',
            }}
          />
        </Box>
      )}
    </Box>
  );
}

import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Fab from '@mui/material/Fab';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import MapIcon from '@mui/icons-material/MapOutlined';
import ListIcon from '@mui/icons-material/FormatListBulleted';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import type { HandCard, WatchArea } from '@app/shared/schemas/meet';
import type { PromotedPin } from '@app/shared/schemas/business';
import { useSocket } from '../../../lib/socket';
import { useMyHand } from '../api/get-my-hand';
import { usePromoted } from '../api/get-promoted';
import { distanceMeters, WATCH_RECENTER_METERS, type LatLng } from '../lib/geo';
import { nearestFirst } from '../lib/distance';
import { applyFilters, isFiltering, NO_FILTERS, type HandFilters } from '../lib/filters';
import { useLiveHands } from '../lib/use-live-hands';
import { useNow } from '../../../lib/use-now';
import { useOwnPosition, type GeolocationPort } from '../lib/use-own-position';
import { usePositionReporter } from '../lib/use-position-reporter';
import { useServerClockOffset } from '../lib/use-server-clock';
import { useElementHeight } from '../lib/use-element-height';
import { HandCardDialog } from './hand-card-dialog';
import { HandList } from './hand-list';
import { HandMap } from './hand-map';
import { PromotedCardDialog } from './promoted-card-dialog';
import { handTitle } from './hand-name';
import { LocationGate } from './location-gate';
import { MapFilters } from './map-filters';
import { MoodLegend } from './mood-legend';
import { MyHandPanel } from './my-hand-panel';
import { RaiseHandDialog } from './raise-hand-dialog';

export interface MapViewer {
  id: number;
  name: string;
  avatar: string | null;
  profileComplete: boolean;
}

export interface MapPageProps {
  geolocation: GeolocationPort;
  /** MAP_STYLE_URL from the public config. */
  styleUrl: string;
  viewer: MapViewer | null;
}

/** Read by screen readers, not shown (the phone header has room for the dot only). */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** The first watched radius, until the map reports what it shows. */
const START_RADIUS = 2_000;

/**
 * /map: raised hands near the viewer on a live map and in a list, the viewer's own hand, ghost
 * mode, filters, and each hand's card. Desktop: the list beside the map; phones: a Map/List switch.
 */
export function MapPage({ geolocation, styleUrl, viewer }: MapPageProps) {
  const { t } = useTranslation('map');
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const socket = useSocket();
  const clockOffset = useServerClockOffset(socket);
  const now = useNow(1000, { offset: clockOffset });
  // Expiry needs no second-by-second precision: the markers are recomputed only this often.
  const expiryNow = useNow(15_000, { offset: clockOffset });

  const location = useOwnPosition(geolocation);
  const position = location.position;
  usePositionReporter(position);
  const myHand = useMyHand();

  // The watched area: centred on the viewer, moved only after a real walk; its radius snaps to steps.
  const [center, setCenter] = useState<LatLng | null>(null);
  const [radius, setRadius] = useState(START_RADIUS);
  if (position && (!center || distanceMeters(center, position) > WATCH_RECENTER_METERS))
    setCenter({ lat: position.lat, lng: position.lng });
  const area = useMemo<WatchArea | null>(
    () => (center ? { lat: center.lat, lng: center.lng, radius } : null),
    [center, radius],
  );
  const live = useLiveHands(area, viewer?.id ?? null);
  const promoted = usePromoted(area);
  const [openedPin, setOpenedPin] = useState<PromotedPin | null>(null);

  const [filters, setFilters] = useState<HandFilters>(NO_FILTERS);
  const [view, setView] = useState<'map' | 'list'>('map');
  const [opened, setOpened] = useState<HandCard | null>(null);
  const selectedId = opened?.userId ?? null;
  const [raiseOpen, setRaiseOpen] = useState(false);
  const [recenterKey, setRecenterKey] = useState(0);
  // On phones the own-hand panel covers the bottom of the map.
  const [panelRef, panelHeight] = useElementHeight();

  // Expired hands drop by themselves, even before the server's event.
  const current = useMemo(
    () => [...live.hands.values()].filter((hand) => Date.parse(hand.expiresAt) > expiryNow),
    [live.hands, expiryNow],
  );
  const shown = useMemo(() => nearestFirst(applyFilters(current, filters), position), [current, filters, position]);
  const selected = selectedId === null ? undefined : live.hands.get(selectedId);
  const select = useCallback((userId: number) => setOpened(live.hands.get(userId) ?? null), [live.hands]);

  const markerLabel = useCallback(
    (hand: HandCard) =>
      t('map.markerLabel', {
        name: handTitle(t, hand),
        mood: t(`moods.${hand.mood}`),
        distance: t(`distance.${hand.distance}`),
      }),
    [t],
  );

  const viewerName = viewer?.name ?? '';
  const viewerAvatar = viewer?.avatar ?? null;
  const ownMood = myHand.data?.hand?.mood ?? null;
  const filtering = isFiltering(filters);

  const panel = (
    <MyHandPanel
      state={myHand.data}
      now={now}
      position={position}
      viewerName={viewerName}
      viewerAvatar={viewerAvatar}
      onRaise={() => setRaiseOpen(true)}
      compact={!desktop}
    />
  );
  const list = (
    <HandList
      hands={shown}
      now={now}
      selectedId={selectedId}
      onSelect={select}
      filtered={filtering && current.length > 0}
      loading={location.status === 'ready' && live.status === 'loading'}
    />
  );
  const liveBadge = (
    <Stack
      direction="row"
      spacing={0.75}
      sx={{ alignItems: 'center', flexShrink: 0 }}
      data-testid="live-status"
      data-live={live.watching ? 'true' : 'false'}
    >
      <Box
        sx={{
          width: 8,
          height: 8,
          borderRadius: '50%',
          bgcolor: live.watching ? '#3ddc84' : 'text.disabled',
          boxShadow: live.watching ? '0 0 0 4px rgba(61,220,132,0.18)' : 'none',
        }}
      />
      <Typography variant="caption" color="textSecondary" sx={desktop ? undefined : visuallyHidden}>
        {live.watching ? t('page.live') : t('page.connecting')}
      </Typography>
    </Stack>
  );

  const mapArea = (
    <Box sx={{ position: 'relative', flex: 1, minWidth: 0, minHeight: 0, overflow: 'hidden' }}>
      {location.status === 'ready' && position ? (
        <HandMap
          styleUrl={styleUrl}
          viewer={position}
          viewerName={viewerName}
          viewerAvatar={viewerAvatar}
          viewerMood={ownMood}
          viewerGhost={myHand.data?.ghost ?? false}
          hands={shown}
          selectedId={selectedId}
          onSelect={select}
          onRadiusChange={setRadius}
          recenterKey={recenterKey}
          visible={desktop || view === 'map'}
          markerLabel={markerLabel}
          bottomInset={desktop ? 0 : panelHeight}
          onShowList={desktop ? undefined : () => setView('list')}
          promoted={promoted.data?.items}
          onSelectPromoted={setOpenedPin}
        >
          <Box
            sx={{
              position: 'absolute',
              left: 12,
              bottom: desktop ? 12 : 'auto',
              top: desktop ? 'auto' : 60,
              zIndex: 2,
            }}
          >
            <MoodLegend />
          </Box>
          <Tooltip title={t('map.recenter')}>
            <Fab
              size="small"
              aria-label={t('map.recenter')}
              onClick={() => setRecenterKey((k) => k + 1)}
              sx={{
                position: 'absolute',
                right: 10,
                bottom: desktop ? 104 : 'auto',
                top: desktop ? 'auto' : 64,
                zIndex: 2,
                bgcolor: 'background.paper',
                color: 'text.primary',
                '&:hover': { bgcolor: 'background.paper' },
              }}
            >
              <MyLocationIcon fontSize="small" />
            </Fab>
          </Tooltip>
        </HandMap>
      ) : (
        <LocationGate
          status={location.status === 'ready' ? 'locating' : location.status}
          onConsent={geolocation.grantConsent}
          onRetry={location.retry}
        />
      )}
    </Box>
  );

  const dialogs = (
    <>
      <RaiseHandDialog
        open={raiseOpen}
        onClose={() => setRaiseOpen(false)}
        position={position}
        profileComplete={viewer?.profileComplete ?? true}
      />
      <HandCardDialog
        userId={selectedId}
        known={selected}
        opened={opened}
        viewer={position}
        now={now}
        onClose={() => setOpened(null)}
      />
      <PromotedCardDialog pin={openedPin} onClose={() => setOpenedPin(null)} />
    </>
  );

  const height = { xs: 'calc(100dvh - 56px)', md: 'calc(100dvh - 64px)' };

  if (desktop) {
    return (
      <Box
        data-testid="map-page"
        data-layout="desktop"
        sx={{ display: 'flex', height, minHeight: 520, borderBottom: 1, borderColor: 'divider' }}
      >
        <Box
          component="aside"
          aria-labelledby="map-title"
          sx={{
            width: 400,
            flexShrink: 0,
            display: 'flex',
            flexDirection: 'column',
            borderRight: 1,
            borderColor: 'divider',
            bgcolor: 'background.default',
          }}
        >
          <Box sx={{ px: 2, pt: 2 }}>
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography id="map-title" variant="h5" component="h1" sx={{ fontWeight: 700 }}>
                {t('page.title')}
              </Typography>
              {liveBadge}
            </Stack>
            <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
              {location.status === 'ready' ? t('page.count', { count: shown.length }) : t('page.lead')}
            </Typography>
          </Box>
          {panel}
          <MapFilters value={filters} onChange={setFilters} />
          <Box sx={{ flex: 1, overflowY: 'auto', borderTop: 1, borderColor: 'divider' }}>{list}</Box>
        </Box>
        {mapArea}
        {dialogs}
      </Box>
    );
  }

  return (
    <Box
      data-testid="map-page"
      data-layout="phone"
      sx={{ display: 'flex', flexDirection: 'column', height, minHeight: 480 }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', px: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Typography id="map-title" variant="subtitle1" component="h1" sx={{ fontWeight: 700, mr: 1 }} noWrap>
          {t('page.title')}
        </Typography>
        {liveBadge}
        <Box sx={{ flex: 1 }} />
        <Tabs
          value={view}
          onChange={(_e, next: 'map' | 'list') => setView(next)}
          aria-label={t('page.viewLabel')}
          sx={{ minHeight: 44, '& .MuiTab-root': { minHeight: 44, minWidth: 0, px: 1.5 } }}
        >
          <Tab
            value="map"
            icon={<MapIcon fontSize="small" />}
            iconPosition="start"
            label={t('page.mapTab')}
            data-testid="tab-map"
          />
          <Tab
            value="list"
            icon={<ListIcon fontSize="small" />}
            iconPosition="start"
            label={t('page.listTab', { count: shown.length })}
            data-testid="tab-list"
          />
        </Tabs>
      </Stack>
      <Box sx={{ position: 'relative', flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
        <Box
          sx={{ position: 'absolute', inset: 0, display: 'flex', visibility: view === 'map' ? 'visible' : 'hidden' }}
          aria-hidden={view !== 'map'}
        >
          {mapArea}
        </Box>
        {location.status === 'ready' && view === 'map' && (
          <Box sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 3 }}>
            <MapFilters value={filters} onChange={setFilters} compact />
          </Box>
        )}
        {view === 'list' && (
          <Box
            sx={{
              position: 'absolute',
              inset: 0,
              zIndex: 4,
              bgcolor: 'background.default',
              display: 'flex',
              flexDirection: 'column',
            }}
          >
            <Box sx={{ px: 0.5, pt: 0.5, borderBottom: 1, borderColor: 'divider' }}>
              <Typography variant="body2" color="textSecondary" sx={{ px: 1.5, pt: 1 }}>
                {t('page.count', { count: shown.length })}
              </Typography>
              <MapFilters value={filters} onChange={setFilters} compact />
            </Box>
            <Box sx={{ flex: 1, overflowY: 'auto', pb: `${panelHeight}px` }}>{list}</Box>
          </Box>
        )}
        {location.status === 'ready' && (
          <Box
            ref={panelRef}
            sx={{
              position: 'absolute',
              left: 0,
              right: 0,
              bottom: 0,
              zIndex: 5,
              bgcolor: 'background.paper',
              borderTop: 1,
              borderColor: 'divider',
              borderRadius: '20px 20px 0 0',
              boxShadow: '0 -10px 30px rgba(0,0,0,0.35)',
            }}
          >
            {panel}
          </Box>
        )}
      </Box>
      {dialogs}
    </Box>
  );
}

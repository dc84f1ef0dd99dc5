import { useMemo } from 'react';
import { isProfileComplete } from '@app/shared/schemas/user';
import { MeetGateNotice } from '../../components/meet-gate-notice';
import { MapPage, type MapViewer } from '../../features/meet-map/components/map-page';
import type { GeolocationPort } from '../../features/meet-map/lib/use-own-position';
import { requestGeolocation } from '../../features/consent/lib/request-geolocation';
import { setConsent } from '../../features/consent/lib/consent-store';
import { useConsents } from '../../features/consent/lib/use-consents';
import { useMe } from '../../features/session/api/get-me';
import { loadTexts } from '../../lib/i18n';
import { publicConfig } from '../../lib/public-config';
import { useMeetAccess } from './use-meet-access';

// The page's texts come with its code, so it renders with them at once (see loadTexts).
await loadTexts('map', 'business');

/** Used when a server of an older build does not name a style. */
const FALLBACK_STYLE_URL = 'https://tiles.openfreemap.org/styles/liberty';

/**
 * /map: the live map of raised hands. Location comes only through the consent feature's
 * requestGeolocation (it refuses without the geolocation consent); the button on the map page
 * that explains what the location is for records that consent. A person the server's meet gate
 * refuses (incomplete profile, under age) is told why and sent to the profile, before any location.
 */
export function MapRoute() {
  const consents = useConsents();
  const { data: me } = useMe();
  const access = useMeetAccess();
  const consented = consents?.geolocation === true;
  const geolocation = useMemo<GeolocationPort>(
    () => ({ consented, grantConsent: () => setConsent('geolocation', true), locate: requestGeolocation }),
    [consented],
  );
  const viewer: MapViewer | null = me
    ? {
        id: me.id,
        name: me.profile.firstName ?? me.profile.domain ?? me.email,
        avatar: me.profile.avatar,
        profileComplete: isProfileComplete(me.profile),
      }
    : null;
  if (access && access !== 'open')
    return <MeetGateNotice reason={access} minAge={publicConfig().minAge} screen="map" />;
  return (
    <MapPage geolocation={geolocation} styleUrl={publicConfig().mapStyleUrl || FALLBACK_STYLE_URL} viewer={viewer} />
  );
}

import { useMe } from '../../features/session/api/get-me';
import { meetAccess, type MeetAccess } from '../../features/session/lib/meet-access';
import { publicConfig } from '../../lib/public-config';

/** The signed-in person's access to meet and play; undefined until the profile is known. */
export function useMeetAccess(): MeetAccess | undefined {
  const { data: me } = useMe();
  return me ? meetAccess(me.profile, publicConfig().minAge, new Date()) : undefined;
}

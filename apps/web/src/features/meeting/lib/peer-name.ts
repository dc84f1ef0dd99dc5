import type { TFunction } from 'i18next';
import type { MeetingView } from '@app/shared/schemas/meet';

/** How the screen names the other person: first name, else nickname, else their UID. */
export const peerName = (t: TFunction, peer: MeetingView['peer']) =>
  peer.firstName || (peer.domain ? `@${peer.domain}` : t('meeting:peer.unnamed', { id: peer.id }));

import Avatar from '@mui/material/Avatar';
import type { ChatPeer } from '@app/shared/schemas/chat';
import { avatarColor, initials, smallAvatar } from '../lib/format';

/** A person's picture, or their initials on a colour of their own. Decorative: the name is beside it. */
export function PeerAvatar({ peer, size = 48 }: { peer: ChatPeer; size?: number }) {
  return (
    <Avatar
      src={smallAvatar(peer.avatar)}
      alt=""
      sx={{
        width: size,
        height: size,
        bgcolor: avatarColor(peer.id),
        // Dark initials: white on these light colours falls short of the contrast large text needs.
        color: '#0a0b0f',
        fontSize: size * 0.4,
        fontWeight: 600,
      }}
    >
      {initials(peer)}
    </Avatar>
  );
}

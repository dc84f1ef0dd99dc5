import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import BlockIcon from '@mui/icons-material/Block';
import FlagIcon from '@mui/icons-material/OutlinedFlag';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import type { ChatPeer } from '@app/shared/schemas/chat';
import { RouterLink } from '../../../components/router-link';
import { peerName, peerSubtitle } from '../lib/format';
import { PeerAvatar } from './peer-avatar';
import { VerifiedCheck } from '../../../components/verified-check';

/** The thread's top bar: back (phones), who it is, "typing…", and the block and report actions. */
export function ThreadHeader({
  peer,
  typing,
  blockedByMe,
  onBlock,
  onUnblock,
  onReport,
}: {
  peer: ChatPeer;
  typing: boolean;
  blockedByMe: boolean;
  onBlock: () => void;
  onUnblock: () => void;
  onReport: () => void;
}) {
  const { t } = useTranslation('chat');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const subtitle = peerSubtitle(peer);
  const act = (action: () => void) => () => {
    setAnchor(null);
    action();
  };
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        px: { xs: 1, sm: 2 },
        py: 1,
        minHeight: 64,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
      data-testid="thread-header"
    >
      <IconButton
        component={RouterLink}
        href="/chat"
        aria-label={t('thread.back')}
        sx={{ display: { md: 'none' } }}
        data-testid="thread-back"
      >
        <ArrowBackIcon />
      </IconButton>
      <PeerAvatar peer={peer} size={42} />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
          <Typography
            component="h2"
            variant="subtitle1"
            noWrap
            sx={{ fontWeight: 600, lineHeight: 1.3 }}
            data-testid="thread-name"
          >
            {peerName(peer)}
          </Typography>
          <VerifiedCheck verified={peer.verified} size={18} testId="thread-verified" />
        </Box>
        <Typography
          variant="body2"
          noWrap
          sx={{ color: typing ? 'primary.main' : 'text.secondary', lineHeight: 1.3 }}
          data-testid={typing ? 'typing' : undefined}
        >
          {typing ? t('thread.typing') : (subtitle ?? '\u00a0')}
        </Typography>
      </Box>
      <IconButton
        aria-label={t('thread.menu')}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid="thread-menu"
      >
        <MoreVertIcon />
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem onClick={act(onReport)} data-testid="menu-report">
          <ListItemIcon>
            <FlagIcon fontSize="small" />
          </ListItemIcon>
          {t('report.action')}
        </MenuItem>
        {blockedByMe ? (
          <MenuItem onClick={act(onUnblock)} data-testid="menu-unblock">
            <ListItemIcon>
              <LockOpenIcon fontSize="small" />
            </ListItemIcon>
            {t('block.unblockAction')}
          </MenuItem>
        ) : (
          <MenuItem onClick={act(onBlock)} sx={{ color: 'error.main' }} data-testid="menu-block">
            <ListItemIcon sx={{ color: 'inherit' }}>
              <BlockIcon fontSize="small" />
            </ListItemIcon>
            {t('block.action')}
          </MenuItem>
        )}
      </Menu>
    </Box>
  );
}

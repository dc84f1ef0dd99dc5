import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import BlockIcon from '@mui/icons-material/Block';

/** In place of the composer when either side blocked the other; who blocked may lift it here. */
export function BlockedNotice({
  name,
  byMe,
  pending,
  onUnblock,
}: {
  name: string;
  byMe: boolean;
  pending: boolean;
  onUnblock: () => void;
}) {
  const { t } = useTranslation('chat');
  return (
    <Box
      data-testid="blocked-notice"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        flexWrap: 'wrap',
        justifyContent: 'center',
        px: 2,
        py: 1.75,
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <BlockIcon fontSize="small" sx={{ color: 'text.secondary' }} />
      <Typography variant="body2" color="textSecondary" sx={{ textAlign: 'center' }}>
        {byMe ? t('blocked.byMe', { name }) : t('blocked.byPeer')}
      </Typography>
      {byMe && (
        <Button size="small" variant="outlined" onClick={onUnblock} loading={pending} data-testid="unblock-button">
          {t('blocked.unblock')}
        </Button>
      )}
    </Box>
  );
}

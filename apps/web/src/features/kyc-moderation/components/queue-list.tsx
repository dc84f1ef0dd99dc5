import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CopyIcon from '@mui/icons-material/ContentCopy';
import LockIcon from '@mui/icons-material/LockOutlined';
import PeopleIcon from '@mui/icons-material/PeopleAltOutlined';
import type { KycListItem } from '@app/shared/schemas/kyc';
import { KycStatusChip } from '../../../components/kyc-status-chip';
import { LEVEL_ACCENT } from '../../../app/theme';
import { personName } from '../lib/person-name';
import { WaitingTime } from './waiting-time';

/** The queue: one row per application with everything needed to pick the next one. */
export function QueueList({
  items,
  selectedId,
  onSelect,
  now,
}: {
  items: KycListItem[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  now: number;
}) {
  const { t } = useTranslation(['kyc', 'common']);
  if (items.length === 0) {
    return (
      <Box sx={{ py: 6, textAlign: 'center' }} data-testid="kyc-queue-empty">
        <Typography color="textSecondary">{t('control.empty')}</Typography>
      </Box>
    );
  }
  return (
    <List disablePadding data-testid="kyc-queue" aria-label={t('control.queue')}>
      {items.map((item) => (
        <ListItemButton
          key={item.id}
          selected={item.id === selectedId}
          onClick={() => onSelect(item.id)}
          data-testid="kyc-queue-item"
          data-id={item.id}
          data-status={item.status}
          sx={{ display: 'block', py: 1.5, borderBottom: 1, borderColor: 'divider', opacity: item.canDecide ? 1 : 0.6 }}
        >
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', minWidth: 0 }}>
            <Typography noWrap sx={{ fontWeight: 600, flex: 1, minWidth: 0 }}>
              {personName(item, t('control.unnamed', { id: item.userId }))}
            </Typography>
            <Chip
              size="small"
              variant="outlined"
              label={t(`common:levels.${item.requestedNftType}`)}
              sx={{ borderColor: LEVEL_ACCENT[item.requestedNftType], color: LEVEL_ACCENT[item.requestedNftType] }}
            />
          </Stack>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 0.75 }}>
            <KycStatusChip status={item.status} />
            <WaitingTime submittedAt={item.submittedAt} overdue={item.overdue} now={now} />
            {item.attemptNumber > 1 && (
              <Typography variant="body2" color="textSecondary">
                {t('control.attemptNumber', { number: item.attemptNumber })}
              </Typography>
            )}
          </Stack>
          {(item.duplicate || item.awaitingConfirmation || item.claimedBy || !item.canDecide) && (
            <Stack direction="row" sx={{ gap: 0.75, flexWrap: 'wrap', mt: 0.75 }}>
              {item.duplicate && (
                <Chip
                  size="small"
                  color="warning"
                  icon={<CopyIcon />}
                  label={t('control.duplicate')}
                  data-testid="kyc-duplicate-flag"
                />
              )}
              {item.awaitingConfirmation && (
                <Chip
                  size="small"
                  color="info"
                  icon={<PeopleIcon />}
                  label={t('control.fourEyes')}
                  data-testid="kyc-four-eyes-flag"
                />
              )}
              {item.claimedBy && (
                <Tooltip title={t('control.claimedBy', { name: item.claimedBy.name })}>
                  <Chip size="small" variant="outlined" icon={<LockIcon />} label={item.claimedBy.name} />
                </Tooltip>
              )}
              {!item.canDecide && <Chip size="small" variant="outlined" label={t('control.aboveLevel')} />}
            </Stack>
          )}
        </ListItemButton>
      ))}
    </List>
  );
}

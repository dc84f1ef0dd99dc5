import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PanToolIcon from '@mui/icons-material/PanToolOutlined';
import FilterAltOffIcon from '@mui/icons-material/FilterAltOffOutlined';
import type { HandCard } from '@app/shared/schemas/meet';
import { MOOD_STYLE } from '../lib/moods';
import { formatCountdown } from '../lib/time-left';
import { HandAvatar } from './hand-avatar';
import { LevelBadges } from './level-badges';
import { handTitle } from './hand-name';
import { VerifiedCheck } from '../../../components/verified-check';

/** The same hands as the map, nearest first, for people who prefer a list. */
export function HandList({
  hands,
  now,
  selectedId,
  onSelect,
  filtered,
  loading,
}: {
  hands: HandCard[];
  now: number;
  selectedId: number | null;
  onSelect: (userId: number) => void;
  /** Some hands are hidden by the filters (the empty state says so). */
  filtered: boolean;
  loading: boolean;
}) {
  const { t } = useTranslation('map');

  if (!hands.length) {
    const Icon = filtered ? FilterAltOffIcon : PanToolIcon;
    return (
      <Box sx={{ px: 3, py: 6, textAlign: 'center' }} data-testid="hand-list-empty">
        <Box
          sx={{
            mx: 'auto',
            width: 64,
            height: 64,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'action.hover',
          }}
        >
          <Icon sx={{ fontSize: 30, color: 'text.secondary' }} />
        </Box>
        <Typography variant="subtitle1" component="p" sx={{ mt: 2, fontWeight: 600 }}>
          {loading ? t('list.loading') : filtered ? t('list.emptyFilteredTitle') : t('list.emptyTitle')}
        </Typography>
        {!loading && (
          <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
            {filtered ? t('list.emptyFilteredText') : t('list.emptyText')}
          </Typography>
        )}
      </Box>
    );
  }

  return (
    <List aria-label={t('list.label')} data-testid="hand-list" disablePadding>
      {hands.map((hand) => {
        const Mood = MOOD_STYLE[hand.mood];
        return (
          <ListItemButton
            key={hand.userId}
            selected={hand.userId === selectedId}
            onClick={() => onSelect(hand.userId)}
            data-testid="hand-row"
            data-user-id={hand.userId}
            data-mood={hand.mood}
            sx={{ gap: 1.5, py: 1.25, px: 2, alignItems: 'center', borderBottom: 1, borderColor: 'divider' }}
          >
            <HandAvatar avatar={hand.avatar} name={hand.firstName ?? hand.domain ?? '?'} mood={hand.mood} size={48} />
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
                <Typography noWrap sx={{ fontWeight: 600 }}>
                  {handTitle(t, hand)}
                </Typography>
                <VerifiedCheck verified={hand.verified} size={18} testId="hand-list-verified" />
              </Stack>
              <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', mt: 0.25, minWidth: 0 }}>
                <Mood.icon sx={{ fontSize: 14, color: Mood.color }} />
                <Typography variant="body2" noWrap sx={{ color: Mood.color, flexShrink: 0 }}>
                  {t(`moods.${hand.mood}`)}
                </Typography>
                {hand.note && (
                  <Typography variant="body2" color="textSecondary" noWrap sx={{ minWidth: 0 }}>
                    · {hand.note}
                  </Typography>
                )}
              </Stack>
              {hand.levels.length > 0 && (
                <Box sx={{ mt: 0.5 }}>
                  <LevelBadges levels={hand.levels} />
                </Box>
              )}
            </Box>
            <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="hand-distance">
                {t(`distance.${hand.distance}`)}
              </Typography>
              <Typography variant="caption" color="textSecondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatCountdown(hand.expiresAt, now)}
              </Typography>
            </Box>
          </ListItemButton>
        );
      })}
    </List>
  );
}

import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import MetIcon from '@mui/icons-material/CheckCircleRounded';
import UnmetIcon from '@mui/icons-material/RemoveCircleOutlineRounded';
import { FIRST_MINT_DELAY_HOURS, MEETING_DISTANCE_METERS, MEETING_DURATION_MINUTES } from '@app/shared/constants';
import type { MeetingView, MintRequirement } from '@app/shared/schemas/meet';
import { RouterLink } from '../../../components/router-link';
import { formatDuration } from '../lib/durations';
import { reasonKey, reasonName, reasonValues } from '../lib/requirement-text';

/** Where a requirement this user can work on is worked on. */
function actionOf(requirement: MintRequirement): { href: string; label: string } | null {
  if (requirement.met) return null;
  const reason = reasonName(requirement);
  if (requirement.key === 'kyc' && (reason === 'you' || reason === 'both'))
    return { href: '/kyc', label: 'requirements.kyc.action' };
  if (requirement.key === 'sameLevel' && (reason === 'youHaveNone' || reason === 'different'))
    return { href: '/market', label: 'requirements.sameLevel.action' };
  return null;
}

/**
 * Each condition of a mint, met or not, with the why in words ("Your Silver token is 3 hours short
 * of 24 hours"). A restriction counts down live from the time left the server reported.
 */
export function RequirementList({
  view,
  name,
  restrictionLeftMs,
}: {
  view: MeetingView;
  name: string;
  restrictionLeftMs: number | null;
}) {
  const { t } = useTranslation(['meeting', 'common']);
  // What every text may name; a reason's own values come on top.
  const common = {
    name,
    duration: t('common:units.minutes', { count: MEETING_DURATION_MINUTES }),
    meters: MEETING_DISTANCE_METERS,
    hold: t('common:units.hours', { count: FIRST_MINT_DELAY_HOURS }),
    level: view.mintLevel ? t(`common:levels.${view.mintLevel}`) : '',
  };

  return (
    <Stack component="ul" spacing={0} sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="requirements">
      {view.requirements.map((requirement) => {
        const { key, met } = requirement;
        const values: Record<string, string | number> = { ...common, ...reasonValues(t, requirement) };
        if (key === 'notRestricted' && !met) {
          // Counted down live from what the server said was left; its hours when the view has no time.
          values.remaining =
            restrictionLeftMs !== null ? formatDuration(t, restrictionLeftMs, true) : String(values.hoursText ?? '');
          const why = view.restriction?.reason ?? requirement.values?.reason;
          values.why = why ? t(`requirements.notRestricted.why.${why}`) : '';
        }
        const reason = reasonKey(requirement);
        const detail = met
          ? t(`requirements.${key}.met`, values)
          : reason
            ? t(reason, { ...values, defaultValue: t(`requirements.${key}.unmet`, values) })
            : t(`requirements.${key}.unmet`, values);
        const action = actionOf(requirement);
        return (
          <Box
            component="li"
            key={key}
            data-testid={`requirement-${key}`}
            data-met={met}
            data-reason={requirement.reason ?? ''}
            sx={{
              display: 'flex',
              gap: 1.5,
              py: 1.25,
              borderTop: 1,
              borderColor: 'divider',
              '&:first-of-type': { borderTop: 0 },
            }}
          >
            {met ? (
              <MetIcon sx={{ color: 'success.main', mt: '1px' }} titleAccess={t('requirements.metLabel')} />
            ) : (
              <UnmetIcon sx={{ color: 'warning.main', mt: '1px' }} titleAccess={t('requirements.unmetLabel')} />
            )}
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {t(`requirements.${key}.title`, values)}
              </Typography>
              <Typography
                variant="body2"
                sx={{ color: met ? 'text.secondary' : 'warning.light' }}
                data-testid="requirement-detail"
              >
                {detail}
              </Typography>
              {action && (
                <Link
                  component={RouterLink}
                  href={action.href}
                  variant="body2"
                  sx={{ display: 'inline-block', mt: 0.25, fontWeight: 500 }}
                >
                  {t(action.label)}
                </Link>
              )}
            </Box>
          </Box>
        );
      })}
    </Stack>
  );
}

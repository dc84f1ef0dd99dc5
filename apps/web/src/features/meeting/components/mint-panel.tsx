import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import MintIcon from '@mui/icons-material/AutoAwesomeOutlined';
import TokenIcon from '@mui/icons-material/HexagonOutlined';
import type { MeetingView, MintResult } from '@app/shared/schemas/meet';
import { ApiError } from '../../../lib/api-client';
import { translateError } from '../../../lib/i18n';
import { LEVEL_ACCENT } from '../../../app/theme';
import { MintOutcome } from './mint-outcome';
import { RequirementList } from './requirement-list';

/**
 * Minting with the person met: the level it would be and its published chance, each condition,
 * the button (enabled only when the server says every condition is met) and the result.
 */
export function MintPanel({
  view,
  name,
  chance,
  restrictionLeftMs,
  result,
  live,
  minting,
  error,
  onMint,
}: {
  view: MeetingView;
  name: string;
  /** The published chance of a draw at this level (0..1), when known. */
  chance: number | null;
  restrictionLeftMs: number | null;
  /** The latest mint of the pair: this session's or the one the view reports. */
  result: MintResult | null;
  /** The result just arrived (this visit): it is brought into view. */
  live: boolean;
  minting: boolean;
  error: unknown;
  onMint: () => void;
}) {
  const { t } = useTranslation(['meeting', 'errors', 'common']);
  const level = view.mintLevel;
  const accent = level ? LEVEL_ACCENT[level] : '#2f7bff';
  const levelName = level ? t(`common:levels.${level}`) : null;
  const unmet = view.requirements.filter((r) => !r.met).length;
  // A success or a failed draw ends this pair's minting; a technical failure does not.
  const final = result !== null && result.outcome !== 'technical_failure';
  const showButton = !final;
  const canMint = view.canMint && !minting;

  return (
    <Card
      sx={{ p: { xs: 2.5, sm: 3 }, border: 1, borderColor: 'divider' }}
      component="section"
      aria-labelledby="mint-title"
      data-testid="mint-panel"
    >
      <Typography id="mint-title" variant="h6" component="h2" sx={{ fontWeight: 600 }}>
        {t('mint.title')}
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5, mb: 2 }}>
        {t('mint.lead', { name })}
      </Typography>

      {result && (
        <Box sx={{ mb: 2 }}>
          <MintOutcome
            result={result}
            name={name}
            live={live}
            canRetry={view.canMint}
            retrying={minting}
            onRetry={onMint}
          />
        </Box>
      )}

      <Stack
        direction="row"
        spacing={1.5}
        sx={{
          alignItems: 'center',
          p: 1.5,
          mb: 2,
          borderRadius: 2,
          border: 1,
          borderColor: level ? `${accent}55` : 'divider',
          bgcolor: level ? `${accent}14` : 'transparent',
        }}
        data-testid="mint-level"
        data-level={level ?? ''}
      >
        <Box
          sx={{
            width: 44,
            height: 44,
            borderRadius: 2,
            display: 'grid',
            placeItems: 'center',
            color: accent,
            bgcolor: `${accent}22`,
            flexShrink: 0,
          }}
        >
          <TokenIcon />
        </Box>
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography sx={{ fontWeight: 600, color: level ? accent : 'text.secondary' }}>
            {levelName ? t('mint.level', { level: levelName }) : t('mint.noLevel')}
          </Typography>
          <Typography variant="body2" color="textSecondary" data-testid="mint-chance">
            {chance !== null ? t('mint.chance', { percent: Math.round(chance * 100) }) : t('mint.chanceUnknown')}
          </Typography>
        </Box>
      </Stack>

      <Typography variant="subtitle2" component="p" color="textSecondary" sx={{ mb: 0.5 }}>
        {final ? t('mint.conditions') : unmet ? t('mint.notReady', { count: unmet }) : t('mint.ready')}
      </Typography>
      <RequirementList view={view} name={name} restrictionLeftMs={restrictionLeftMs} />

      {showButton && !(result?.outcome === 'technical_failure' && view.canMint) && (
        <Box sx={{ mt: 2.5 }}>
          <Button
            variant="contained"
            size="large"
            fullWidth
            disabled={!canMint}
            onClick={onMint}
            startIcon={minting ? <CircularProgress size={18} color="inherit" /> : <MintIcon />}
            data-testid="mint-button"
            sx={{
              py: 1.5,
              fontSize: 17,
              fontWeight: 600,
              ...(view.canMint && { boxShadow: `0 8px 28px ${accent}44` }),
            }}
          >
            {minting ? t('mint.minting') : levelName ? t('mint.button', { level: levelName }) : t('mint.buttonPlain')}
          </Button>
          {!view.canMint && !result && (
            <Typography variant="caption" color="textSecondary" sx={{ display: 'block', textAlign: 'center', mt: 1 }}>
              {t('mint.disabledHint')}
            </Typography>
          )}
          {chance !== null && view.canMint && (
            <Typography variant="caption" color="textSecondary" sx={{ display: 'block', textAlign: 'center', mt: 1 }}>
              {t('mint.drawHint', { percent: Math.round(chance * 100) })}
            </Typography>
          )}
        </Box>
      )}

      {error != null && (
        <Alert
          severity={error instanceof ApiError && error.code === 'MINT_IN_PROGRESS' ? 'info' : 'error'}
          sx={{ mt: 2 }}
          data-testid="mint-error"
        >
          {translateError(t, error instanceof ApiError ? error : {})}
        </Alert>
      )}
    </Card>
  );
}

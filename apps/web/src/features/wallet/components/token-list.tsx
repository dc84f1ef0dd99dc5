import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import TokenIcon from '@mui/icons-material/HexagonOutlined';
import type { Nft, UserRef } from '@app/shared/schemas/crypto';
import { RouterLink } from '../../../components/router-link';
import { LEVEL_ACCENT } from '../../../app/theme';
import { useFormat } from '../../../lib/use-format';
import { useNow } from '../../../lib/use-now';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack
      direction="row"
      sx={{ justifyContent: 'space-between', gap: 2, py: 0.75, borderTop: 1, borderColor: 'divider' }}
    >
      <Typography variant="body2" color="textSecondary">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ textAlign: 'right', fontWeight: 500 }}>
        {children}
      </Typography>
    </Stack>
  );
}

function TokenCard({ nft, now }: { nft: Nft; now: number }) {
  const { t } = useTranslation(['wallet', 'common']);
  const f = useFormat();
  const who = (ref: UserRef) => (ref.domain ? `@${ref.domain}` : t('tokens.uid', { id: ref.id }));
  const parents = [nft.parent1, nft.parent2].filter((p): p is UserRef => Boolean(p));
  const mintAt = nft.mintAvailableAt ? Date.parse(nft.mintAvailableAt) : null;
  const accent = LEVEL_ACCENT[nft.level];

  return (
    <Card
      sx={{ height: '100%', border: 1, borderColor: 'divider', borderTop: 3, borderTopColor: accent }}
      data-testid="token-card"
      data-level={nft.level}
    >
      <CardContent sx={{ p: 2.5 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1.5 }}>
          <Box
            sx={{
              width: 44,
              height: 44,
              borderRadius: 2,
              display: 'grid',
              placeItems: 'center',
              bgcolor: `${accent}22`,
              color: accent,
            }}
          >
            <TokenIcon />
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="overline" sx={{ color: accent, lineHeight: 1.4, display: 'block' }}>
              {t(`common:levels.${nft.level}`)}
            </Typography>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {nft.name}
            </Typography>
          </Box>
          {!nft.name.includes(`#${nft.id}`) && (
            <Typography variant="body2" color="textSecondary" sx={{ ml: 'auto !important' }}>
              #{nft.id}
            </Typography>
          )}
        </Stack>
        <Row label={t('tokens.parents')}>{parents.length ? parents.map(who).join(' · ') : t('tokens.noParents')}</Row>
        {nft.acquiredAt && <Row label={t('tokens.since')}>{f.date(nft.acquiredAt)}</Row>}
        <Row label={t('tokens.mint')}>
          {mintAt === null ? (
            '—'
          ) : mintAt <= now ? (
            <Chip size="small" color="success" variant="outlined" label={t('tokens.mintReady')} />
          ) : (
            t('tokens.mintFrom', { date: f.dateTime(nft.mintAvailableAt!) })
          )}
        </Row>
      </CardContent>
    </Card>
  );
}

/** "Your tokens": one card per level held, or the way to the marketplace. */
export function TokenList({ nfts }: { nfts: Nft[] }) {
  const { t } = useTranslation('wallet');
  const now = useNow(60_000);
  return (
    <Box component="section" id="tokens" aria-labelledby="tokens-title" sx={{ scrollMarginTop: 80 }}>
      <Typography id="tokens-title" variant="h5" component="h2" sx={{ mb: 2 }}>
        {t('tokens.title')}
      </Typography>
      {nfts.length === 0 ? (
        <Card sx={{ border: 1, borderColor: 'divider', borderStyle: 'dashed' }} data-testid="tokens-empty">
          <CardContent sx={{ p: 3 }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
              <TokenIcon sx={{ fontSize: 40, color: 'text.secondary' }} />
              <Box sx={{ flexGrow: 1 }}>
                <Typography sx={{ fontWeight: 600 }}>{t('tokens.emptyTitle')}</Typography>
                <Typography variant="body2" color="textSecondary">
                  {t('tokens.emptyText')}
                </Typography>
              </Box>
              <Button variant="contained" href="/market" LinkComponent={RouterLink}>
                {t('tokens.toMarket')}
              </Button>
            </Stack>
          </CardContent>
        </Card>
      ) : (
        <Grid container spacing={2}>
          {nfts.map((nft) => (
            <Grid key={nft.id} size={{ xs: 12, sm: 6, md: 4 }}>
              <TokenCard nft={nft} now={now} />
            </Grid>
          ))}
        </Grid>
      )}
    </Box>
  );
}

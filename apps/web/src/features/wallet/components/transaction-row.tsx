import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { IconBadge } from '../../../components/icon-badge';
import InIcon from '@mui/icons-material/SouthWest';
import OutIcon from '@mui/icons-material/NorthEast';
import BuyIcon from '@mui/icons-material/ShoppingBagOutlined';
import GasIcon from '@mui/icons-material/LocalGasStationOutlined';
import ApproveIcon from '@mui/icons-material/VerifiedUserOutlined';
import RewardIcon from '@mui/icons-material/RedeemOutlined';
import MintIcon from '@mui/icons-material/AutoAwesomeOutlined';
import PromotionIcon from '@mui/icons-material/CampaignOutlined';
import type { Transaction, TransactionType } from '@app/shared/schemas/crypto';
import { translateFailure } from '../../../lib/i18n';
import { txUrl } from '../lib/explorer';
import { direction, isSettled } from '../lib/transactions';
import { useFormat } from '../../../lib/use-format';
import { MaskedValue } from './masked-value';
import { StatusChip, TRANSACTION_TONE } from '../../../components/status-chip';

const ICONS: Record<TransactionType, typeof InIcon> = {
  INPUT: InIcon,
  OUTPUT: OutIcon,
  BUY_NFT: BuyIcon,
  GASING: GasIcon,
  APPROVE: ApproveIcon,
  REWARD: RewardIcon,
  GENERATE: MintIcon,
  PROMOTION: PromotionIcon,
};

const TONE = { in: 'success.main', out: 'primary.main', none: 'text.secondary' } as const;
const SIGN = { in: '+', out: '−', none: '' } as const;

/** One line of the history: what, when, where on chain, how much, and its status. */
export function TransactionRow({ tx, explorerUrl }: { tx: Transaction; explorerUrl: string | null }) {
  const { t } = useTranslation('wallet');
  const f = useFormat();
  const Icon = ICONS[tx.type];
  const dir = direction(tx.type);

  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: '36px minmax(0, 1fr) auto',
        gridTemplateAreas: { xs: '"icon main side" ". meta meta"', sm: '"icon main side" ". meta side"' },
        columnGap: { xs: 1.5, sm: 2 },
        rowGap: 0.5,
        py: 1.75,
        px: { xs: 1.5, sm: 2.5 },
        borderTop: 1,
        borderColor: 'divider',
        alignItems: 'start',
      }}
      data-testid="tx-row"
      data-type={tx.type}
      data-status={tx.status}
    >
      <IconBadge sx={{ gridArea: 'icon', bgcolor: 'action.hover', color: TONE[dir] }}>
        <Icon fontSize="small" />
      </IconBadge>
      <Box sx={{ gridArea: 'main', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }} data-testid="tx-type">
          {t(`type.${tx.type}`)}
        </Typography>
        {tx.promotion && (
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="tx-subject">
            {t('history.promotion', { company: tx.promotion.companyName, count: tx.promotion.days })}
          </Typography>
        )}
        <Typography variant="body2" color="textSecondary">
          {f.dateTime(tx.createdAt)}
          {!isSettled(tx.status) && tx.requiredConfirmations > 0 && (
            <> · {t('confirmations', { count: tx.requiredConfirmations, done: tx.confirmations })}</>
          )}
        </Typography>
      </Box>
      <Stack spacing={0.75} sx={{ gridArea: 'side', alignItems: 'flex-end' }}>
        <Typography
          sx={{
            fontWeight: 600,
            color: TONE[dir],
            whiteSpace: 'nowrap',
            fontVariantNumeric: 'tabular-nums',
            // A refunded promotion: the money came back.
            ...(tx.type === 'PROMOTION' && tx.status === 'CANCELED' && { textDecoration: 'line-through' }),
          }}
          data-testid="tx-amount"
        >
          {SIGN[dir]}
          {f.amount(tx.amount, tx.currency)}
        </Typography>
        <StatusChip
          status={tx.status}
          tones={TRANSACTION_TONE}
          variant="outlined"
          label={t(`status.${tx.status}`)}
          testId="tx-status"
        />
      </Stack>
      {(tx.txHash || tx.counterparty || tx.error) && (
        <Box sx={{ gridArea: 'meta', minWidth: 0 }}>
          <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2, alignItems: 'center' }}>
            {tx.txHash && (
              <Typography
                variant="body2"
                component="div"
                color="textSecondary"
                sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
              >
                {t('history.hash')}{' '}
                <MaskedValue value={tx.txHash} href={txUrl(explorerUrl, tx.txHash)} copyLabel={t('copyHash')} />
              </Typography>
            )}
            {tx.counterparty && (
              <Typography
                variant="body2"
                component="div"
                color="textSecondary"
                sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
              >
                {t(dir === 'in' ? 'history.from' : 'history.to')}{' '}
                <MaskedValue value={tx.counterparty} copyLabel={t('copyAddress')} />
              </Typography>
            )}
          </Stack>
          {tx.error && (
            <Typography variant="body2" color="error" data-testid="tx-error">
              {translateFailure(t, tx.error)}
            </Typography>
          )}
        </Box>
      )}
    </Box>
  );
}

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SuccessIcon from '@mui/icons-material/CheckCircle';
import FailIcon from '@mui/icons-material/ErrorOutlineOutlined';
import CanceledIcon from '@mui/icons-material/DoNotDisturbOn';
import HelpIcon from '@mui/icons-material/SupportAgent';
import type { SALE_LEVELS } from '@app/shared/constants';
import type { Nft, Purchase } from '@app/shared/schemas/crypto';

type SaleLevel = (typeof SALE_LEVELS)[number];
import { RouterLink } from '../../../components/router-link';
import { ApiError } from '../../../lib/api-client';
import { translateError, translateFailure } from '../../../lib/i18n';
import { useCancelPurchase } from '../api/cancel-purchase';
import { usePurchase } from '../api/get-purchase';
import { isFinal, purchaseOutcome, type PurchaseOutcome } from '../lib/purchase-progress';
import { LEVEL_ACCENT } from '../../../app/theme';
import { useFormat } from '../../../lib/use-format';
import { PurchaseSteps } from './purchase-steps';
import { PurchaseStatusChip } from './purchase-status-chip';

export interface PurchaseProgressProps {
  purchaseId: number | null;
  /** Whether socket events arrive (polling slows down then). */
  live: boolean;
  explorerUrl: string | null;
  heldNfts?: Nft[];
  walletHref: string;
  onClose: () => void;
  /** Start over with the level of this purchase (null when there is none to show). */
  onTryAgain: (level: SaleLevel | null) => void;
  onFinal?: (purchase: Purchase) => void;
}

function OutcomeHeader({
  outcome,
  title,
  children,
}: {
  outcome: PurchaseOutcome;
  title: string;
  children?: ReactNode;
}) {
  const icon = {
    success: <SuccessIcon color="success" sx={{ fontSize: 56 }} />,
    failed: <FailIcon color="error" sx={{ fontSize: 56 }} />,
    canceled: <CanceledIcon color="disabled" sx={{ fontSize: 56 }} />,
    unknown: <HelpIcon color="warning" sx={{ fontSize: 56 }} />,
    queued: null,
    processing: null,
  }[outcome];
  return (
    <Stack
      spacing={1}
      sx={{ alignItems: 'center', textAlign: 'center', py: 1 }}
      role="status"
      data-testid="purchase-outcome"
      data-outcome={outcome}
    >
      {icon}
      <Typography variant="h6" component="p">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

function UnknownError() {
  const { t } = useTranslation('market');
  return (
    <OutcomeHeader outcome="unknown" title={translateError(t, { code: 'UNKNOWN_ERROR' })}>
      <Typography color="textSecondary">
        {t('outcome.unknownText')}{' '}
        <Link component={RouterLink} href="/support">
          {t('outcome.support')}
        </Link>
      </Typography>
    </OutcomeHeader>
  );
}

/** Live progress of one purchase, then its outcome (SPEC.md section 4), each failure with "Try again". */
export function PurchaseProgress({
  purchaseId,
  live,
  explorerUrl,
  heldNfts,
  walletHref,
  onClose,
  onTryAgain,
  onFinal,
}: PurchaseProgressProps) {
  const { t } = useTranslation(['market', 'common']);
  const f = useFormat();
  const query = usePurchase(purchaseId, live);
  const cancel = useCancelPurchase();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const purchase = query.data;
  const outcome: PurchaseOutcome | null = purchaseId === null ? 'unknown' : purchase ? purchaseOutcome(purchase) : null;
  const final = purchase ? isFinal(purchase.status) : false;

  // Told once per purchase reaching its end (the balances and the ?nft= offer follow it).
  const reported = useRef<number | null>(null);
  useEffect(() => {
    if (!purchase || !final || reported.current === purchase.id) return;
    reported.current = purchase.id;
    onFinal?.(purchase);
  }, [purchase, final, onFinal]);

  const retryButton = (
    <Button variant="contained" onClick={() => onTryAgain(purchase?.level ?? null)} data-testid="try-again">
      {t('outcome.tryAgain')}
    </Button>
  );
  const closeButton = (
    <Button onClick={onClose} data-testid="close-purchase">
      {t('outcome.close')}
    </Button>
  );

  let body: ReactNode;
  let actions: ReactNode = closeButton;

  if (outcome === 'unknown') {
    body = <UnknownError />;
    actions = (
      <>
        {closeButton}
        {retryButton}
      </>
    );
  } else if (!purchase) {
    body = query.isError ? (
      <Alert severity="error" action={<Button onClick={() => query.refetch()}>{t('outcome.reload')}</Button>}>
        {translateError(t, query.error instanceof ApiError ? query.error : {})}
      </Alert>
    ) : (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <CircularProgress aria-label={t('outcome.loading')} />
      </Box>
    );
  } else {
    const name = t(`common:levels.${purchase.level}`);
    const accent = LEVEL_ACCENT[purchase.level];
    const token = purchase.nftId ? heldNfts?.find((n) => n.id === purchase.nftId) : undefined;

    if (outcome === 'queued') {
      body = (
        <Stack spacing={2.5} sx={{ alignItems: 'center', textAlign: 'center' }} data-testid="purchase-queued">
          <Box
            sx={{
              width: 120,
              height: 120,
              borderRadius: '50%',
              display: 'grid',
              placeItems: 'center',
              border: 3,
              borderColor: accent,
              bgcolor: `${accent}14`,
            }}
          >
            <Box>
              <Typography variant="caption" color="textSecondary" sx={{ display: 'block' }}>
                {t('queue.place')}
              </Typography>
              <Typography sx={{ fontSize: 40, fontWeight: 700, lineHeight: 1 }} data-testid="queue-position">
                {purchase.queuePosition ?? '—'}
              </Typography>
            </Box>
          </Box>
          <Typography variant="h6" component="p">
            {t('queue.title', { level: name })}
          </Typography>
          <Typography color="textSecondary">
            {t('queue.text', { price: f.number(purchase.price), level: name })}
          </Typography>
          {cancel.error && (
            <Alert severity="error" sx={{ width: '100%', textAlign: 'left' }}>
              {translateError(t, cancel.error instanceof ApiError ? cancel.error : {})}
            </Alert>
          )}
          {confirmCancel && (
            <Alert severity="warning" sx={{ width: '100%', textAlign: 'left' }} data-testid="confirm-cancel">
              {t('queue.confirm', { price: f.number(purchase.price) })}
            </Alert>
          )}
        </Stack>
      );
      actions = confirmCancel ? (
        <>
          <Button onClick={() => setConfirmCancel(false)}>{t('queue.keep')}</Button>
          <Button
            variant="contained"
            color="error"
            loading={cancel.isPending}
            onClick={() => cancel.mutate(purchase.id, { onSuccess: () => setConfirmCancel(false) })}
            data-testid="confirm-leave-queue"
          >
            {t('queue.leave')}
          </Button>
        </>
      ) : (
        <>
          <Button color="error" onClick={() => setConfirmCancel(true)} data-testid="leave-queue">
            {t('queue.cancel')}
          </Button>
          <Button variant="contained" onClick={onClose}>
            {t('queue.ok')}
          </Button>
        </>
      );
    } else if (outcome === 'processing') {
      body = (
        <Stack spacing={2} data-testid="purchase-processing">
          <Box>
            <Typography variant="h6" component="p">
              {t('progress.title', { level: name })}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              {t('progress.text')}
            </Typography>
          </Box>
          <LinearProgress aria-label={t('progress.title', { level: name })} />
          <PurchaseSteps purchase={purchase} explorerUrl={explorerUrl} />
        </Stack>
      );
    } else if (outcome === 'success') {
      body = (
        <Stack spacing={2}>
          <OutcomeHeader outcome="success" title={t('outcome.successTitle', { level: name })}>
            <Box
              sx={{
                mt: 1,
                px: 3,
                py: 2,
                borderRadius: 3,
                border: 2,
                borderColor: accent,
                bgcolor: `${accent}14`,
                minWidth: 220,
              }}
              data-testid="bought-token"
            >
              <Typography variant="overline" sx={{ color: accent, display: 'block', lineHeight: 1.6 }}>
                {name}
              </Typography>
              <Typography variant="h6" component="p">
                {token?.name ?? t('outcome.tokenNumber', { id: purchase.nftId })}
              </Typography>
              {token && !token.name.includes(`#${token.id}`) && (
                <Typography variant="body2" color="textSecondary">
                  #{token.id}
                </Typography>
              )}
            </Box>
            <Typography color="textSecondary">{t('outcome.successText')}</Typography>
          </OutcomeHeader>
          <PurchaseSteps purchase={purchase} explorerUrl={explorerUrl} />
        </Stack>
      );
      actions = (
        <>
          {closeButton}
          <Button variant="contained" href={walletHref} LinkComponent={RouterLink}>
            {t('outcome.toWallet')}
          </Button>
        </>
      );
    } else {
      const wasQueued = purchase.transactions.length === 0;
      const title =
        outcome === 'canceled'
          ? translateError(t, { code: 'TRANSACTION_CANCELED' })
          : translateError(t, { code: 'TRANSACTION_FAILED' });
      // The reason, when it says more than the title (an old row's English text reads as the title).
      const reason = purchase.error && outcome === 'failed' ? translateFailure(t, purchase.error) : null;
      body = (
        <Stack spacing={2}>
          <OutcomeHeader outcome={outcome ?? 'failed'} title={title}>
            <Typography color="textSecondary">
              {outcome === 'canceled' && wasQueued
                ? t('outcome.refunded', { price: f.number(purchase.price) })
                : t(`outcome.${outcome}Text`)}
            </Typography>
            {reason && reason !== title && (
              <Typography variant="body2" color="error" data-testid="purchase-error">
                {reason}
              </Typography>
            )}
          </OutcomeHeader>
          {purchase.transactions.length > 0 && <PurchaseSteps purchase={purchase} explorerUrl={explorerUrl} />}
        </Stack>
      );
      actions = (
        <>
          {closeButton}
          {retryButton}
        </>
      );
    }

    body = (
      <Stack spacing={2}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="body2" color="textSecondary">
            {t('progress.number', { id: purchase.id, price: f.amount(purchase.price, 'USDT') })}
          </Typography>
          <PurchaseStatusChip status={purchase.status} position={purchase.queuePosition} />
        </Stack>
        {body}
      </Stack>
    );
  }

  return (
    <>
      <DialogContent dividers data-testid="purchase-progress" data-purchase-id={purchaseId ?? ''}>
        {body}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, gap: 1, flexWrap: 'wrap' }}>{actions}</DialogActions>
    </>
  );
}

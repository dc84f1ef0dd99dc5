import { Suspense, useState, type BaseSyntheticEvent, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Controller } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { KYC_REVIEW_HOURS } from '@app/shared/constants';
import {
  buyRequestSchema,
  type BuyRequest,
  type ListedNft,
  type MarketLevel,
  type Purchase,
} from '@app/shared/schemas/crypto';
import { useZodForm } from '../../../components/form/form';
import { RouterLink } from '../../../components/router-link';
import { ApiError } from '../../../lib/api-client';
import { translateError, translateMessage } from '../../../lib/i18n';
import { useBuyNft } from '../api/buy-nft';
import { isBelow, shortfall } from '../../../lib/amounts';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { isUnknownFailure } from '../lib/purchase-progress';
import { useFormat } from '../../../lib/use-format';
import { KYC_LEVELS } from './level-card';

/** Why a purchase cannot go ahead now; each comes with its own way forward. */
type Block = 'guest' | 'owned' | 'kyc' | 'funds' | 'queued' | 'sold';

export interface BuyReviewProps {
  level: MarketLevel;
  /** The token of a ?nft= link, when buying that one. */
  nft?: ListedNft;
  signedIn: boolean;
  /** Free USDT; undefined while unknown. */
  available?: string;
  disclaimer: ReactNode;
  depositHref: string;
  onClose: () => void;
  onPurchased: (purchase: Purchase) => void;
  /** The buyer is already queued: show that purchase. */
  onShowPlace: () => void;
  /** The linked token is gone: buy from the general stock or queue of its level instead. */
  onUseQueue: () => void;
  onUnknownError: () => void;
}

function SummaryRow({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2, py: 0.75 }}>
      <Typography variant="body2" color="textSecondary">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ fontWeight: 600, textAlign: 'right' }} data-testid={testId}>
        {value}
      </Typography>
    </Stack>
  );
}

/** The step before paying: what is bought for how much, what stands in the way, the risks and the terms. */
export function BuyReview(props: BuyReviewProps) {
  const {
    level,
    nft,
    signedIn,
    available,
    disclaimer,
    depositHref,
    onClose,
    onPurchased,
    onShowPlace,
    onUseQueue,
    onUnknownError,
  } = props;
  const { t } = useTranslation(['market', 'common']);
  const f = useFormat();
  const buy = useBuyNft();
  const form = useZodForm(buyRequestSchema, {
    level: level.level,
    ...(nft && { nftId: nft.id }),
    agreeTerms: false,
  } as unknown as BuyRequest);
  /** Kept across retries of the same purchase until the server has decided. */
  const idempotency = useIdempotencyKey();
  const [answered, setAnswered] = useState<Block | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const name = t(`common:levels.${level.level}`);
  const price = nft?.price ?? level.price;
  const queue = !nft && level.stock === 0;
  const lacksFunds = available !== undefined && isBelow(available, price);

  const block: Block | null = !signedIn
    ? 'guest'
    : level.owned
      ? 'owned'
      : !level.kycAllowed && KYC_LEVELS.has(level.level)
        ? 'kyc'
        : (answered ?? (lacksFunds ? 'funds' : null));

  const submit = async (values: BuyRequest) => {
    setFormError(null);
    try {
      const purchase = await idempotency.send(values, (idempotencyKey) =>
        buy.mutateAsync({ request: values, idempotencyKey }),
      );
      onPurchased(purchase);
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      if (isUnknownFailure(apiError ?? undefined)) {
        onUnknownError();
        return;
      }
      const code = apiError?.code;
      if (code === 'INSUFFICIENT_FUNDS') setAnswered('funds');
      else if (code === 'KYC_REQUIRED') setAnswered('kyc');
      else if (code === 'LEVEL_ALREADY_OWNED') setAnswered('owned');
      else if (code === 'ALREADY_QUEUED') setAnswered('queued');
      else if (code === 'NFT_NOT_FOR_SALE') setAnswered('sold');
      else setFormError(translateError(t, apiError ?? {}));
    }
  };
  // handleSubmit runs in the event, never during render.
  const onSubmit = (event?: BaseSyntheticEvent) => form.handleSubmit(submit)(event);

  const shownBlock = answered && answered !== 'funds' ? answered : block;
  const termsError = form.formState.errors.agreeTerms?.message;

  return (
    <>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          <Box sx={{ px: 2, py: 1, borderRadius: 2, bgcolor: 'action.hover' }} data-testid="buy-summary">
            <SummaryRow label={t('review.level')} value={name} />
            {nft && (
              <SummaryRow
                label={t('review.token')}
                value={nft.name.includes(`#${nft.id}`) ? nft.name : `${nft.name} · #${nft.id}`}
                testId="buy-token"
              />
            )}
            <SummaryRow
              label={queue ? t('review.prepay') : t('review.price')}
              value={f.amount(price, 'USDT')}
              testId="buy-price"
            />
            {available !== undefined && (
              <SummaryRow label={t('review.available')} value={f.amount(available, 'USDT')} testId="buy-available" />
            )}
          </Box>

          {queue && shownBlock === null && (
            <Alert severity="info" data-testid="queue-explainer">
              <AlertTitle>{t('review.queueTitle', { level: name })}</AlertTitle>
              {t('review.queueText', { price: f.number(price), level: name })}{' '}
              <strong>
                {level.queueLength === 0
                  ? t('review.queueFirst')
                  : t('review.queueAhead', { count: level.queueLength })}
              </strong>
            </Alert>
          )}

          {shownBlock === 'guest' && (
            <Alert
              severity="warning"
              data-testid="login-required"
              action={
                <Button href="/auth/login" LinkComponent={RouterLink}>
                  {t('review.login')}
                </Button>
              }
            >
              {translateMessage(t, 'msg.login-to-buy')}
            </Alert>
          )}
          {shownBlock === 'owned' && (
            <Alert severity="info" data-testid="level-owned">
              {translateError(t, { code: 'LEVEL_ALREADY_OWNED' })}
            </Alert>
          )}
          {shownBlock === 'kyc' && (
            <Alert severity="warning" data-testid="kyc-required">
              <AlertTitle>{translateMessage(t, 'msg.kyc-required')}</AlertTitle>
              <Typography variant="body2" sx={{ mb: 1.5 }}>
                {t('review.kycText', { level: name, kycReview: t('common:units.hours', { count: KYC_REVIEW_HOURS }) })}
              </Typography>
              <Button
                variant="outlined"
                color="inherit"
                size="small"
                href={`/kyc?level=${level.level}`}
                LinkComponent={RouterLink}
                data-testid="kyc-link"
              >
                {t('review.kycLink')}
              </Button>
            </Alert>
          )}
          {shownBlock === 'funds' && (
            <Alert severity="error" data-testid="insufficient-funds">
              <AlertTitle>{translateMessage(t, 'msg.insufficient-funds')}</AlertTitle>
              <Typography variant="body2" sx={{ mb: 1.5 }}>
                {available !== undefined
                  ? t('review.fundsText', { missing: f.number(shortfall(price, available)) })
                  : t('review.fundsTextUnknown')}
              </Typography>
              <Button variant="outlined" color="inherit" size="small" href={depositHref} LinkComponent={RouterLink}>
                {t('review.deposit')}
              </Button>
            </Alert>
          )}
          {shownBlock === 'queued' && (
            <Alert
              severity="info"
              data-testid="already-queued"
              action={<Button onClick={onShowPlace}>{t('review.showPlace')}</Button>}
            >
              {translateError(t, { code: 'ALREADY_QUEUED' })}
            </Alert>
          )}
          {shownBlock === 'sold' && (
            <Alert
              severity="warning"
              data-testid="token-sold"
              action={<Button onClick={onUseQueue}>{t('review.useQueue')}</Button>}
            >
              {t('review.soldText', { level: name })}
            </Alert>
          )}
          {formError && (
            <Alert severity="error" role="alert" data-testid="buy-error">
              {formError}
            </Alert>
          )}

          {shownBlock === null && (
            <>
              <Box>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
                  {t('review.risksTitle')}
                </Typography>
                <Box
                  tabIndex={0}
                  role="region"
                  aria-label={t('review.risksTitle')}
                  sx={{
                    maxHeight: { xs: 180, sm: 220 },
                    overflowY: 'auto',
                    px: 2,
                    borderRadius: 2,
                    border: 1,
                    borderColor: 'divider',
                    bgcolor: 'background.default',
                    // The page's disclaimer, set smaller to sit inside the dialog.
                    '& h4': { fontSize: 15, fontWeight: 600 },
                    '& p': { fontSize: 14 },
                  }}
                >
                  {/* The disclaimer's texts may still be loading: only this box waits for them. */}
                  <Suspense fallback={<Skeleton variant="text" height={120} />}>{disclaimer}</Suspense>
                </Box>
              </Box>
              <Controller
                control={form.control}
                name="agreeTerms"
                render={({ field }) => (
                  <FormControlLabel
                    sx={{ alignItems: 'flex-start', mr: 0 }}
                    control={
                      <Checkbox
                        checked={field.value === true}
                        onChange={(e) => field.onChange(e.target.checked)}
                        sx={{ mt: -0.75 }}
                        color={termsError ? 'error' : 'primary'}
                        slotProps={{ input: { ref: field.ref, 'aria-invalid': Boolean(termsError) } }}
                        data-testid="agree-terms"
                      />
                    }
                    label={
                      <Typography
                        variant="body2"
                        color={termsError ? 'error' : undefined}
                        data-testid="agree-terms-label"
                        data-invalid={Boolean(termsError)}
                      >
                        <Trans
                          t={t}
                          i18nKey="review.agree"
                          components={{
                            terms: <Link href="/terms" target="_blank" rel="noopener" />,
                            privacy: <Link href="/privacy" target="_blank" rel="noopener" />,
                          }}
                        />
                      </Typography>
                    }
                  />
                )}
              />
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={onClose}>{t('review.cancel')}</Button>
        <Button
          variant="contained"
          size="large"
          onClick={onSubmit}
          loading={form.formState.isSubmitting}
          disabled={shownBlock !== null}
          data-testid="pay-button"
        >
          {queue
            ? t('review.payQueue', { price: f.amount(price, 'USDT') })
            : t('review.pay', { price: f.amount(price, 'USDT') })}
        </Button>
      </DialogActions>
    </>
  );
}

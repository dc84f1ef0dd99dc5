import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import type { SALE_LEVELS } from '@app/shared/constants';
import type { ListedNft, MarketLevel, Nft, Purchase } from '@app/shared/schemas/crypto';
import { getMarketQueryOptions } from '../api/get-market';
import { getPurchaseQueryOptions } from '../api/get-purchase';
import { BuyReview } from './buy-review';
import { PurchaseProgress } from './purchase-progress';
import { useSocketConnected } from '../../../lib/socket';

/** What the dialog was opened for: a level to buy (maybe one listed token), or a purchase to follow. */
export type SaleLevel = (typeof SALE_LEVELS)[number];
export type BuyTarget = { kind: 'buy'; level: SaleLevel; nft?: ListedNft } | { kind: 'purchase'; purchaseId: number };

/** Review -> progress; the "unknown error" outcome of SPEC.md has no purchase to show. */
type Phase =
  | { step: 'review'; level: SaleLevel; attempt: number }
  | { step: 'progress'; purchaseId: number }
  | { step: 'unknown'; level: SaleLevel | null };

export interface BuyDialogProps {
  target: BuyTarget;
  /** The market as it is now, so a review always shows the current stock and queue. */
  levels: MarketLevel[];
  signedIn: boolean;
  available?: string;
  heldNfts?: Nft[];
  explorerUrl: string | null;
  disclaimer: ReactNode;
  depositHref: string;
  walletHref: string;
  onClose: () => void;
  onFinal?: (purchase: Purchase) => void;
  /** The linked token is gone: continue with the level's general stock or queue. */
  onDropNft: () => void;
}

export function BuyDialog(props: BuyDialogProps) {
  const { target, onClose } = props;
  const { t } = useTranslation(['market', 'common']);
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const queryClient = useQueryClient();
  // Live events make the progress poll slowly.
  const live = useSocketConnected();
  const [phase, setPhase] = useState<Phase>(
    target.kind === 'purchase'
      ? { step: 'progress', purchaseId: target.purchaseId }
      : { step: 'review', level: target.level, attempt: 0 },
  );

  const level = phase.step === 'review' ? props.levels.find((l) => l.level === phase.level) : undefined;
  // The linked token belongs to the first attempt only; "Try again" goes to the level's stock or queue.
  const nft = target.kind === 'buy' && phase.step === 'review' && phase.attempt === 0 ? target.nft : undefined;
  const levelName = level ? t(`common:levels.${level.level}`) : '';
  const title = !level
    ? t('dialog.progressTitle')
    : nft
      ? t('dialog.buyToken', { name: nft.name })
      : level.stock > 0
        ? t('dialog.buyTitle', { level: levelName })
        : t('dialog.queueTitle', { level: levelName });

  /** A fresh review (and so a fresh Idempotency-Key) against fresh stock. */
  const tryAgain = (again: SaleLevel | null) => {
    void queryClient.invalidateQueries({ queryKey: getMarketQueryOptions().queryKey });
    if (again) setPhase({ step: 'review', level: again, attempt: Date.now() });
    else onClose();
  };

  const showPlace = async () => {
    const market = await queryClient.fetchQuery({ ...getMarketQueryOptions(), staleTime: 0 });
    const id = market.levels.find((l) => l.level === level?.level)?.myPurchaseId;
    if (id) setPhase({ step: 'progress', purchaseId: id });
  };
  const unknownLevel = phase.step === 'unknown' ? phase.level : null;

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="buy-dialog-title"
      data-testid="buy-dialog"
    >
      <DialogTitle id="buy-dialog-title" sx={{ pr: 7 }}>
        {title}
        <IconButton aria-label={t('dialog.close')} onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      {phase.step === 'review' && level ? (
        <BuyReview
          key={phase.attempt}
          level={level}
          nft={nft}
          signedIn={props.signedIn}
          available={props.available}
          disclaimer={props.disclaimer}
          depositHref={props.depositHref}
          onClose={onClose}
          onPurchased={(purchase: Purchase) => {
            queryClient.setQueryData(getPurchaseQueryOptions(purchase.id).queryKey, purchase);
            setPhase({ step: 'progress', purchaseId: purchase.id });
          }}
          onShowPlace={showPlace}
          onUseQueue={props.onDropNft}
          onUnknownError={() => setPhase({ step: 'unknown', level: level.level })}
        />
      ) : (
        <PurchaseProgress
          purchaseId={phase.step === 'progress' ? phase.purchaseId : null}
          live={live}
          explorerUrl={props.explorerUrl}
          heldNfts={props.heldNfts}
          walletHref={props.walletHref}
          onClose={onClose}
          onTryAgain={(purchaseLevel) => tryAgain(purchaseLevel ?? unknownLevel)}
          onFinal={props.onFinal}
        />
      )}
    </Dialog>
  );
}

import { memo, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import { styled } from '@mui/material/styles';
import OwnedIcon from '@mui/icons-material/Verified';
import QueueIcon from '@mui/icons-material/HourglassTopOutlined';
import KycIcon from '@mui/icons-material/BadgeOutlined';
import { FIRST_MINT_DELAY_HOURS, KYC_REVIEW_HOURS, SELLER_REWARD_SHARE } from '@app/shared/constants';
import type { MarketLevel } from '@app/shared/schemas/crypto';
import { RouterLink } from '../../../components/router-link';
import { toUnits, fromUnits } from '../../../lib/amounts';
import { LEVEL_ACCENT } from '../../../app/theme';
import { useFormat } from '../../../lib/use-format';
import type { BuyTarget } from './buy-dialog';

/** Levels whose purchase needs an approved identity check (SPEC.md section 4: Gold and higher). */
export const KYC_LEVELS: ReadonlySet<string> = new Set(['GOLD', 'PLATINUM']);

const PERCENT = Math.round(SELLER_REWARD_SHARE * 100);
const parentReward = (price: string) => fromUnits((toUnits(price) * BigInt(PERCENT)) / 100n);

/** MUI's CheckCircleOutlined, drawn as a plain SVG (see CardRoot). */
const CHECK_CIRCLE_PATH =
  'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m0 18c-4.41 0-8-3.59-8-8s3.59-8 8-8 8 3.59 8 8-3.59 8-8 8m4.59-12.42L10 14.17l-2.59-2.58L6 13l4 4 8-8z';

/**
 * The card's layout and type in one class, its parts plain elements: built of MUI's Stack, Typography
 * and Box (each with its own styles worked out on every render), a card was about 115 components and
 * the three were the largest tasks of the market's load on a slow phone (Lighthouse's blocking time).
 * The chips and the button stay MUI's. Per level: --accent and its tint --accent-tint.
 */
const CardRoot = styled(Card)(({ theme }) => {
  const palette = (theme.vars ?? theme).palette;
  return {
    height: '100%',
    display: 'flex',
    flexDirection: 'column',
    border: `1px solid ${palette.divider}`,
    borderTop: '3px solid var(--accent)',
    background: 'linear-gradient(180deg, var(--accent-tint) 0%, transparent 38%)',
    '&[data-owned="true"]': { borderColor: 'var(--accent)' },
    '& p, & h3, & ul': { margin: 0 },
    '& .lc-body': { padding: theme.spacing(3), flexGrow: 1, display: 'flex', flexDirection: 'column' },
    '& .lc-head': {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'space-between',
      gap: theme.spacing(1),
      flexWrap: 'wrap',
    },
    '& .lc-name': {
      ...theme.typography.h6,
      color: 'var(--accent)',
      textTransform: 'uppercase',
      fontSize: 14,
      letterSpacing: '0.08em',
    },
    '& .lc-price': {
      ...theme.typography.body1,
      fontSize: 34,
      fontWeight: 700,
      marginTop: theme.spacing(1),
      lineHeight: 1.2,
      fontVariantNumeric: 'tabular-nums',
      '& span': { fontSize: 16, fontWeight: 500, color: palette.text.secondary, marginLeft: theme.spacing(0.5) },
    },
    '& .lc-availability': {
      display: 'flex',
      alignItems: 'center',
      flexWrap: 'wrap',
      gap: theme.spacing(1),
      marginTop: theme.spacing(1.5),
    },
    '& .lc-small': theme.typography.body2,
    '& .lc-muted': { color: palette.text.secondary },
    '& .lc-lead': { ...theme.typography.body1, marginTop: theme.spacing(2) },
    '& .lc-allows': { listStyle: 'none', padding: 0, marginTop: theme.spacing(1) },
    '& .lc-allows li': { display: 'flex', alignItems: 'flex-start', padding: theme.spacing(0.5, 0) },
    '& .lc-allows .lc-small': { flex: '1 1 auto', minWidth: 0, margin: theme.spacing(0.5, 0) },
    '& .lc-check': {
      width: 20,
      height: 20,
      flexShrink: 0,
      marginTop: theme.spacing(0.5),
      marginRight: 10,
      fill: 'var(--accent)',
    },
    '& .lc-parents': {
      marginTop: 'auto',
      paddingTop: theme.spacing(2),
      borderTop: `1px solid ${palette.divider}`,
    },
    '& .lc-action': { marginTop: theme.spacing(2) },
  };
});

export interface LevelCardProps {
  level: MarketLevel;
  signedIn: boolean;
  /** Stable: the cards are memoised, and the market shows them one per commit (market-page.tsx). */
  onOpen: (target: BuyTarget) => void;
}

/** One level on sale: price, stock or queue, what it allows, the parents' share, and the way to buy. */
export const LevelCard = memo(function LevelCard({ level, signedIn, onOpen }: LevelCardProps) {
  const { t } = useTranslation(['market', 'common']);
  const f = useFormat();
  const accent = LEVEL_ACCENT[level.level];
  const name = t(`common:levels.${level.level}`);
  const inStock = level.stock > 0;
  const queued = level.myQueuePosition !== null && level.myPurchaseId !== null;
  const allows = t(`market:levels.${level.level}.allows`, {
    returnObjects: true,
    firstMint: t('common:units.hours', { count: FIRST_MINT_DELAY_HOURS }),
    kycReview: t('common:units.hours', { count: KYC_REVIEW_HOURS }),
  }) as unknown as string[];

  let action;
  if (level.owned) {
    action = (
      <Button fullWidth variant="outlined" disabled startIcon={<OwnedIcon />}>
        {t('card.ownedButton')}
      </Button>
    );
  } else if (queued) {
    action = (
      <Button
        fullWidth
        variant="outlined"
        color="warning"
        onClick={() => level.myPurchaseId && onOpen({ kind: 'purchase', purchaseId: level.myPurchaseId })}
        data-testid="show-place"
      >
        {t('card.showPlace')}
      </Button>
    );
  } else if (!signedIn) {
    action = (
      <Button fullWidth variant="contained" href="/auth/login" LinkComponent={RouterLink}>
        {t('card.loginToBuy')}
      </Button>
    );
  } else {
    action = (
      <Button
        fullWidth
        variant={inStock ? 'contained' : 'outlined'}
        onClick={() => onOpen({ kind: 'buy', level: level.level })}
        data-testid="buy-button"
      >
        {inStock ? t('card.buy', { level: name }) : t('card.joinQueue')}
      </Button>
    );
  }

  return (
    <CardRoot
      // The accent is the only style that differs between the levels: one class serves all three.
      style={{ '--accent': accent, '--accent-tint': `${accent}14` } as CSSProperties}
      data-testid={`market-level-${level.level}`}
      data-stock={level.stock}
      data-owned={level.owned}
    >
      <div className="lc-body">
        <div className="lc-head">
          <h3 className="lc-name">{name}</h3>
          {level.owned ? (
            <Chip size="small" color="success" icon={<OwnedIcon />} label={t('card.owned')} data-testid="owned-chip" />
          ) : queued ? (
            <Chip
              size="small"
              color="warning"
              icon={<QueueIcon />}
              label={t('card.myPlace', { position: level.myQueuePosition })}
              data-testid="queue-chip"
            />
          ) : KYC_LEVELS.has(level.level) ? (
            <Chip size="small" variant="outlined" icon={<KycIcon />} label={t('card.kyc')} />
          ) : null}
        </div>
        <p className="lc-price" data-testid="level-price">
          {f.number(level.price)} <span>USDT</span>
        </p>
        <div className="lc-availability" data-testid="availability">
          {inStock ? (
            <Chip size="small" variant="outlined" color="success" label={t('card.inStock', { count: level.stock })} />
          ) : (
            <Chip size="small" variant="outlined" color="warning" label={t('card.soldOut')} />
          )}
          {(level.queueLength > 0 || !inStock) && (
            <p className="lc-small lc-muted">
              {level.queueLength === 0 ? t('card.queueEmpty') : t('card.queue', { count: level.queueLength })}
            </p>
          )}
        </div>

        <p className="lc-lead lc-muted">{t(`market:levels.${level.level}.lead`)}</p>
        <ul className="lc-allows">
          {allows.map((line) => (
            <li key={line}>
              <svg className="lc-check" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d={CHECK_CIRCLE_PATH} />
              </svg>
              <span className="lc-small">{line}</span>
            </li>
          ))}
        </ul>
        <p className="lc-small lc-parents">
          {t('card.parents', { percent: PERCENT, reward: f.number(parentReward(level.price)) })}
        </p>
        <div className="lc-action">{action}</div>
      </div>
    </CardRoot>
  );
});

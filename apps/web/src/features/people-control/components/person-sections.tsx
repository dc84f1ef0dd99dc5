import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { NFT_LEVELS } from '@app/shared/constants';
import type { PersonDetail } from '@app/shared/schemas/people-control';
import { useFormat } from '../../../lib/use-format';

/** A titled card of the person's page; `action` (a button) sits beside the title. */
export function Section({
  title,
  testId,
  action,
  children,
}: {
  title: string;
  testId: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card variant="outlined" component="section" aria-label={title} data-testid={testId} sx={{ height: '100%' }}>
      <CardContent>
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ mb: 1.5, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
        >
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          {action}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

/** Label and value pairs, two columns wide where there is room. */
export function Facts({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return (
    <Stack component="dl" spacing={0.75} sx={{ m: 0 }}>
      {rows.map(([label, value]) => (
        <Stack key={label} direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
          <Typography component="dt" variant="body2" color="textSecondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right', overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}

export function Empty({ text }: { text: string }) {
  return (
    <Typography variant="body2" color="textSecondary">
      {text}
    </Typography>
  );
}

export function ProfileSection({ detail }: { detail: PersonDetail }) {
  const { t } = useTranslation('moderation');
  const format = useFormat();
  const { person } = detail;
  const dash = '—';
  return (
    <Section title={t('person.profile')} testId="person-profile">
      <Facts
        rows={[
          [t('people.columns.id'), `#${person.id}`],
          [t('people.columns.email'), person.email],
          [t('person.emailVerified'), person.emailVerified ? t('yes') : t('no')],
          [t('person.nickname'), person.domain ? `@${person.domain}` : dash],
          [t('person.birthday'), person.birthday ? format.date(person.birthday) : dash],
          [t('person.language'), person.locale.toUpperCase()],
          [t('person.ghost'), person.ghost ? t('yes') : t('no')],
          [t('people.columns.createdAt'), format.dateTime(person.createdAt)],
          [t('person.blockedAt'), person.blockedAt ? format.dateTime(person.blockedAt) : dash],
        ]}
      />
    </Section>
  );
}

export function WalletSection({ detail }: { detail: PersonDetail }) {
  const { t } = useTranslation('moderation');
  const format = useFormat();
  const { wallet, tokens } = detail;
  return (
    <Section title={t('person.wallet')} testId="person-wallet">
      <Facts
        rows={[
          [t('person.available'), format.amount(wallet.available, 'USDT')],
          [t('person.escrow'), format.amount(wallet.escrow, 'USDT')],
          [t('person.withdrawing'), format.amount(wallet.withdrawing, 'USDT')],
          [t('person.address'), wallet.address ?? t('person.noWallet')],
        ]}
      />
      <Typography variant="subtitle2" sx={{ mt: 2, mb: 1 }}>
        {t('person.tokens')}
      </Typography>
      {tokens.length ? (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {tokens.map((token) => (
            <Chip
              key={token.id}
              size="small"
              color="primary"
              variant="outlined"
              label={`${t(`common:levels.${NFT_LEVELS[token.type] ?? 'SILVER'}`)} #${token.id}`}
              data-testid="person-token"
            />
          ))}
        </Stack>
      ) : (
        <Empty text={t('person.noTokens')} />
      )}
    </Section>
  );
}

export function TransactionsSection({ detail }: { detail: PersonDetail }) {
  const { t } = useTranslation('moderation');
  const format = useFormat();
  return (
    <Section title={t('person.transactions')} testId="person-transactions">
      {detail.transactions.length ? (
        <Stack spacing={0.75}>
          {detail.transactions.map((tx) => (
            <Stack key={tx.id} direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
              <Typography variant="body2">
                {t(`wallet:type.${tx.type}`, { defaultValue: tx.type })} ·{' '}
                {t(`wallet:status.${tx.status}`, { defaultValue: tx.status })}
              </Typography>
              <Typography variant="body2" color="textSecondary">
                {format.amount(tx.amount, tx.currency)} · {format.date(tx.createdAt)}
              </Typography>
            </Stack>
          ))}
        </Stack>
      ) : (
        <Empty text={t('person.noTransactions')} />
      )}
    </Section>
  );
}

export function KycSection({ detail }: { detail: PersonDetail }) {
  const { t } = useTranslation('moderation');
  const format = useFormat();
  const { application, history } = detail.kyc;
  if (!application)
    return (
      <Section title={t('person.kyc')} testId="person-kyc">
        <Empty text={t('person.noKyc')} />
      </Section>
    );
  const level = (type: number | null) => (type === null ? '—' : t(`common:levels.${NFT_LEVELS[type] ?? 'SILVER'}`));
  return (
    <Section title={t('person.kyc')} testId="person-kyc">
      <Facts
        rows={[
          [t('person.kycStatus'), t(`kyc:status.${application.revoked ? 'revoked' : application.status}`)],
          [t('person.kycRequested'), level(application.requestedNftType)],
          [t('person.kycMax'), level(application.maxNftType)],
          [t('person.kycAttempt'), String(application.attemptNumber)],
          [t('person.kycSubmitted'), application.submittedAt ? format.dateTime(application.submittedAt) : '—'],
        ]}
      />
      {history.length > 0 && (
        <Stack spacing={0.5} sx={{ mt: 2 }}>
          {history.map((entry, index) => (
            <Typography key={index} variant="body2" color="textSecondary">
              {format.dateTime(entry.at)} · {t(`person.kycActions.${entry.action}`, { defaultValue: entry.action })}
              {entry.status ? ` → ${t(`kyc:status.${entry.status}`, { defaultValue: entry.status })}` : ''}
              {entry.actorId !== null ? ` · #${entry.actorId}` : ''}
            </Typography>
          ))}
        </Stack>
      )}
    </Section>
  );
}

export function ReportsSection({ detail }: { detail: PersonDetail }) {
  const { t } = useTranslation('moderation');
  const format = useFormat();
  return (
    <Section title={t('person.reports')} testId="person-reports">
      {detail.reports.length ? (
        <Stack spacing={1}>
          {detail.reports.map((report) => (
            <Stack key={report.id} spacing={0.25}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Chip size="small" variant="outlined" label={t(`reasons.${report.reason}`)} />
                <Typography variant="body2">{t(`status.${report.status}`)}</Typography>
                <Typography variant="body2" color="textSecondary">
                  {format.date(report.createdAt)}
                </Typography>
              </Stack>
              {report.comment && (
                <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
                  “{report.comment}”
                </Typography>
              )}
            </Stack>
          ))}
        </Stack>
      ) : (
        <Empty text={t('person.noReports')} />
      )}
    </Section>
  );
}

export function SessionsSection({ detail }: { detail: PersonDetail }) {
  const { t } = useTranslation('moderation');
  const format = useFormat();
  return (
    <Section title={t('person.sessions')} testId="person-sessions">
      {detail.sessions.length ? (
        <Stack spacing={0.75}>
          {detail.sessions.map((s) => (
            <Stack
              key={s.id}
              direction="row"
              spacing={1}
              sx={{ justifyContent: 'space-between', alignItems: 'center' }}
            >
              <Typography variant="body2">
                {s.device}
                {s.country ? ` · ${s.country}` : ''}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography variant="body2" color="textSecondary">
                  {format.dateTime(s.lastSeenAt)}
                </Typography>
                <Chip
                  size="small"
                  color={s.live ? 'success' : 'default'}
                  variant="outlined"
                  label={s.live ? t('person.live') : t(`person.ended.${s.endedReason ?? 'expired'}`)}
                />
              </Stack>
            </Stack>
          ))}
        </Stack>
      ) : (
        <Empty text={t('person.noSessions')} />
      )}
    </Section>
  );
}

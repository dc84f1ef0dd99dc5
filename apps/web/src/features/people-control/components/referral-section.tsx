import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PersonDetail } from '@app/shared/schemas/people-control';
import { RouterLink } from '../../../components/router-link';
import { useFormat } from '../../../lib/use-format';
import { REFERRAL_FLAGS_PATH } from '../lib/paths';
import { PersonLink } from './person-link';
import { Empty, Facts, Section } from './person-sections';

/**
 * Who brought the person, how many they brought, and the rewards withheld as self-referral where
 * they are either side. The referrer is users.referrer_id: what "Change referrer" sets.
 */
export function ReferralSection({ detail, onChangeReferrer }: { detail: PersonDetail; onChangeReferrer(): void }) {
  const { t } = useTranslation('moderation');
  const format = useFormat();
  const { referrer, directReferrals, flags, flagsTotal } = detail.referral;
  return (
    <Section
      title={t('person.referral.title')}
      testId="person-referral"
      action={
        <Button size="small" variant="outlined" onClick={onChangeReferrer} data-testid="person-change-referrer">
          {t('person.actions.referrer')}
        </Button>
      }
    >
      <Facts
        rows={[
          [
            t('person.referral.referrer'),
            <span data-testid="person-referrer">
              {referrer ? (
                <>
                  <PersonLink person={referrer} /> · #{referrer.id}
                </>
              ) : (
                t('person.referral.nobody')
              )}
            </span>,
          ],
          [
            t('person.referral.direct'),
            <span data-testid="person-direct-referrals">{format.number(directReferrals)}</span>,
          ],
        ]}
      />
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2, mb: 1 }}>
        {t('person.referral.flags', { count: flagsTotal })}
      </Typography>
      {flags.length ? (
        <Stack component="ul" spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {flags.map((flag) => (
            <Stack
              key={flag.id}
              component="li"
              direction="row"
              spacing={1}
              useFlexGap
              sx={{ alignItems: 'center', flexWrap: 'wrap' }}
              data-testid="person-referral-flag"
              data-reason={flag.reason}
            >
              <Chip size="small" color="warning" variant="outlined" label={t(`selfReferral.${flag.reason}`)} />
              <Typography variant="body2">
                {t(`person.referral.role.${flag.role}`)} <PersonLink person={flag.other} />
              </Typography>
              <Typography variant="body2" color="textSecondary">
                {format.date(flag.createdAt)}
              </Typography>
            </Stack>
          ))}
        </Stack>
      ) : (
        <Empty text={t('person.referral.noFlags')} />
      )}
      {flagsTotal > 0 && (
        <Link
          component={RouterLink}
          href={REFERRAL_FLAGS_PATH}
          variant="body2"
          sx={{ display: 'inline-block', mt: 1.5 }}
        >
          {t('person.referral.allFlags')}
        </Link>
      )}
    </Section>
  );
}

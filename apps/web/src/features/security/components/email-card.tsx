import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Me } from '@app/shared/schemas/user';
import { RouterLink } from '../../../components/router-link';
import { EmailChangeForm } from './email-change-form';
import { EmailCodeStep } from './email-code-step';

type Step = { name: 'shown' } | { name: 'changing' } | { name: 'code'; email: string } | { name: 'confirmed' };

/**
 * /account/data: the e-mail, whether it is confirmed, and changing it: the new address with a
 * step-up, then the code the server mailed to the new address.
 */
export function EmailCard({ me }: { me: Me }) {
  const { t } = useTranslation('auth');
  const [step, setStep] = useState<Step>({ name: 'shown' });
  const changed = (next: Me) =>
    setStep(next.emailVerified || next.privateRelay ? { name: 'shown' } : { name: 'code', email: next.email });

  return (
    <Card component="section" aria-labelledby="email-title" data-testid="email-card">
      <CardContent sx={{ p: 3 }}>
        <Typography id="email-title" variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('account.emailTitle')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
          <Typography sx={{ wordBreak: 'break-all' }} data-testid="email-current">
            {me.email}
          </Typography>
          <Chip
            data-testid="email-status"
            color={me.emailVerified ? 'success' : 'warning'}
            variant="outlined"
            label={me.emailVerified ? t('account.emailConfirmed') : t('account.emailNotConfirmed')}
            sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
          />
        </Stack>
        {me.privateRelay && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('account.privateRelay')}
          </Alert>
        )}
        {step.name === 'confirmed' && (
          <Alert severity="success" role="status" sx={{ mb: 2 }} data-testid="email-changed">
            {t('emailChange.done', { email: me.email })}
          </Alert>
        )}
        {step.name === 'changing' ? (
          <EmailChangeForm onChanged={changed} onCancel={() => setStep({ name: 'shown' })} />
        ) : step.name === 'code' ? (
          <EmailCodeStep email={step.email} onConfirmed={() => setStep({ name: 'confirmed' })} />
        ) : (
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
            {!me.emailVerified && !me.privateRelay && (
              <Button variant="outlined" href="/auth/confirm-email" LinkComponent={RouterLink}>
                {t('account.confirmEmail')}
              </Button>
            )}
            <Button
              variant="outlined"
              color="inherit"
              onClick={() => setStep({ name: 'changing' })}
              data-testid="email-change-open"
            >
              {t('emailChange.open')}
            </Button>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

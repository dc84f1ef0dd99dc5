import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RouterLink } from '../../../components/router-link';
import { ClaimStep } from './claim-step';
import { ProviderSignInButton } from './provider-sign-in-button';
import { SignInError } from './sign-in-error';

/**
 * /apple-login (SPEC.md section 2). The API sends the browser back here with `?state=` once the
 * provider vouched for the person, or with `?error=`; without either it offers the button.
 */
export function AppleLoginPage() {
  const [params] = useSearchParams();
  const state = params.get('state');
  const error = params.get('error');
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }} data-testid="apple-login">
      <Card sx={{ borderRadius: 3 }}>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          {state ? <ClaimStep key={state} state={state} /> : error ? <SignInError code={error} /> : <StartStep />}
        </CardContent>
      </Card>
    </Container>
  );
}

function StartStep() {
  const { t } = useTranslation('provider');
  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
          {t('page.title')}
        </Typography>
        <Typography color="textSecondary">{t('page.subtitle')}</Typography>
      </div>
      <ProviderSignInButton />
      <Typography variant="body2" color="textSecondary">
        {t('page.hint')}
      </Typography>
      <Link component={RouterLink} href="/auth/login" variant="body2">
        {t('page.useEmail')}
      </Link>
    </Stack>
  );
}

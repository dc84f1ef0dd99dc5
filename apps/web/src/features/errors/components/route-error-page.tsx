import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { NotFoundPage } from './not-found-page';

/** Error boundary of the router: a 404 response shows the 404 screen, anything else a recovery page. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <Container maxWidth="sm" sx={{ py: 12 }} role="alert">
      <Stack spacing={2} sx={{ textAlign: 'center', alignItems: 'center' }}>
        <Typography variant="h4" component="h1">
          {t('errorPage.title')}
        </Typography>
        <Typography color="textSecondary">{t('errorPage.text')}</Typography>
        <Button variant="contained" onClick={() => window.location.reload()}>
          {t('errorPage.reload')}
        </Button>
      </Stack>
    </Container>
  );
}

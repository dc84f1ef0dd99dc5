import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RouterLink } from '../../../components/router-link';

export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 10, md: 14 } }} data-testid="not-found">
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <Typography
          aria-hidden
          sx={{
            fontSize: { xs: 96, md: 140 },
            fontWeight: 800,
            lineHeight: 1,
            color: 'primary.main',
            letterSpacing: '-0.04em',
          }}
        >
          {t('notFound.code')}
        </Typography>
        <Typography variant="h4" component="h1">
          {t('notFound.title')}
        </Typography>
        <Typography color="textSecondary">{t('notFound.text')}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ pt: 2 }}>
          <Button variant="contained" size="large" href="/" LinkComponent={RouterLink}>
            {t('notFound.home')}
          </Button>
          <Button variant="outlined" size="large" onClick={() => navigate(-1)}>
            {t('notFound.back')}
          </Button>
        </Stack>
      </Stack>
    </Container>
  );
}

import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import { useSession } from '../../../lib/session';
import { translateError } from '../../../lib/i18n';
import { usePartner } from '../api/get-partner';
import { ApplicationForm } from './application-form';
import { ApplicationStatus } from './application-status';
import { LoginCard } from './login-card';
import { PartnerCabinet } from './partner-cabinet';
import { ProgrammeTerms } from './programme-terms';

const POINTS = ['links', 'rewards', 'postbacks'] as const;

/** Why join, beside the sign-in form for someone signed out. */
function Benefits() {
  const { t } = useTranslation('cpa');
  return (
    <Stack spacing={2.5} sx={{ maxWidth: 460 }} data-testid="cpa-benefits">
      {POINTS.map((point) => (
        <Stack key={point} direction="row" sx={{ gap: 1.5 }}>
          <CheckIcon color="primary" aria-hidden sx={{ mt: 0.25 }} />
          <Box>
            <Typography sx={{ fontWeight: 600 }}>{t(`benefits.${point}.title`)}</Typography>
            <Typography color="textSecondary">{t(`benefits.${point}.text`)}</Typography>
          </Box>
        </Stack>
      ))}
    </Stack>
  );
}

/**
 * /cpa, the partners' cabinet with its own sign-in: signed out, the form is right here; signed in,
 * the application, its review, a rejection with its reason, or (approved) the cabinet itself.
 */
export function CpaPage() {
  const { t } = useTranslation('cpa');
  const record = useSession();
  const partner = usePartner();
  const status = record?.token ? partner.data?.status : 'signed-out';

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }} data-testid="cpa-page" data-status={status ?? 'loading'}>
      <Stack spacing={1} sx={{ mb: 3 }}>
        <Typography variant="overline" color="primary">
          {t('cabinet.eyebrow')}
        </Typography>
        <Typography variant="h3" component="h1" sx={{ fontSize: { xs: 30, sm: 36, md: 42 }, lineHeight: 1.15 }}>
          {t('cabinet.title')}
        </Typography>
        <Typography color="textSecondary" sx={{ maxWidth: 760, fontSize: { md: 18 } }}>
          {t(status === 'approved' ? 'cabinet.leadPartner' : 'cabinet.lead')}
        </Typography>
      </Stack>

      {status === 'signed-out' && (
        <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: { xs: 4, md: 6 }, alignItems: { md: 'flex-start' } }}>
          <Box sx={{ flex: '1 1 0', maxWidth: { md: 480 } }}>
            <LoginCard />
          </Box>
          <Stack spacing={3} sx={{ flex: '1 1 0', pt: { md: 2 } }}>
            <Benefits />
            {/* The payouts are public: a visitor sees what the programme pays before signing in. */}
            <ProgrammeTerms />
          </Stack>
        </Stack>
      )}

      {record?.token && partner.isPending && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={24} />
          <Typography>{t('loadingCabinet')}</Typography>
        </Stack>
      )}
      {record?.token && partner.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => partner.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {translateError(t, partner.error)}
        </Alert>
      )}

      {status === 'none' && partner.data && <ApplicationForm />}
      {status === 'applied' && partner.data && <ApplicationStatus partner={partner.data} />}
      {status === 'rejected' && partner.data && (
        <Stack spacing={3}>
          <Alert severity="error" data-testid="cpa-rejected">
            <Typography sx={{ fontWeight: 600 }}>{t('rejected.title')}</Typography>
            {partner.data.rejectReason && t('rejected.reason', { reason: partner.data.rejectReason })}
          </Alert>
          <ApplicationForm previous={partner.data} />
        </Stack>
      )}
      {status === 'approved' && partner.data && <PartnerCabinet partner={partner.data} />}
    </Container>
  );
}

import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { meetingParamsSchema } from '@app/shared/schemas/meet';
import { MeetingPage } from '../../features/meeting/components/meeting-page';
import { codeFromScan } from '../../features/meeting/lib/meeting-code';
import { loadTexts } from '../../lib/i18n';

// The screen's texts come with its code, so it renders with them at once (see loadTexts).
await loadTexts('meeting');

/**
 * /meet/:userId: the meeting and mint screen with that user. Reached from a hand's card on the map
 * and from a chat; a `?code=` (a phone's own camera app opening the peer's QR link) is confirmed at once.
 */
export function MeetingRoute() {
  const { t } = useTranslation('meeting');
  const params = useParams();
  const [search] = useSearchParams();
  const parsed = meetingParamsSchema.safeParse({ peerId: params.userId });
  const code = search.get('code');

  if (!parsed.success) {
    return (
      <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
        <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
          {t('load.title')}
        </Typography>
        <Alert severity="warning" data-testid="meeting-error">
          {t('load.badLink')}
        </Alert>
      </Container>
    );
  }
  const { peerId } = parsed.data;
  return <MeetingPage key={peerId} peerId={peerId} initialCode={code ? codeFromScan(code) : null} />;
}

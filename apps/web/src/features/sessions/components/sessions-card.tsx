import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DevicesIcon from '@mui/icons-material/Devices';
import type { SessionItem } from '@app/shared/schemas/sessions';
import { translateError } from '../../../lib/i18n';
import { useFormat } from '../../../lib/use-format';
import { useEndOtherSessions } from '../api/end-other-sessions';
import { useEndSession } from '../api/end-session';
import { useSessions } from '../api/get-sessions';

/** "Germany" for DE in the reader's language; nothing when the country is unknown. */
function countryName(code: string | null, locale: string): string | null {
  if (!code) return null;
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

function SessionRow({ item, onEnd, ending }: { item: SessionItem; onEnd: () => void; ending: boolean }) {
  const { t } = useTranslation('auth');
  const format = useFormat();
  const place = countryName(item.country, format.locale);
  return (
    <ListItem
      disableGutters
      data-testid="session-row"
      data-current={item.current}
      sx={{ gap: 2, flexWrap: { xs: 'wrap', sm: 'nowrap' }, alignItems: 'flex-start' }}
    >
      <DevicesIcon color="action" sx={{ mt: 0.5 }} aria-hidden />
      <Stack spacing={0.5} sx={{ flexGrow: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 600 }} data-testid="session-device">
            {item.device}
          </Typography>
          {item.current && <Chip size="small" color="primary" variant="outlined" label={t('sessions.thisDevice')} />}
        </Stack>
        <Typography variant="body2" color="textSecondary">
          {[place, t('sessions.lastSeen', { time: format.dateTime(item.lastSeenAt) })].filter(Boolean).join(' · ')}
        </Typography>
      </Stack>
      {!item.current && (
        <Button
          variant="outlined"
          color="inherit"
          size="small"
          onClick={onEnd}
          disabled={ending}
          aria-label={t('sessions.endNamed', { device: item.device })}
          data-testid="session-end"
          sx={{ flexShrink: 0, ml: { xs: 5, sm: 0 } }}
        >
          {t('sessions.end')}
        </Button>
      )}
    </ListItem>
  );
}

/** /account/data: where this account is signed in; any other device can be signed out from here. */
export function SessionsCard() {
  const { t } = useTranslation('auth');
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const items = sessions.data?.sessions ?? [];
  const others = items.filter((s) => !s.current).length;
  const failure = endOne.error ?? endOthers.error ?? sessions.error;

  return (
    <Card data-testid="sessions">
      <CardContent sx={{ p: 3 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('sessions.title')}
        </Typography>
        <Typography color="textSecondary" sx={{ mb: 1 }}>
          {t('sessions.text')}
        </Typography>
        {sessions.isPending ? (
          <CircularProgress aria-label={t('loading')} />
        ) : (
          <List disablePadding>
            {items.map((item, index) => (
              <Fragment key={item.id}>
                {index > 0 && <Divider component="li" aria-hidden />}
                <SessionRow
                  item={item}
                  ending={endOne.isPending && endOne.variables === item.id}
                  onEnd={() => endOne.mutate(item.id)}
                />
              </Fragment>
            ))}
          </List>
        )}
        {failure && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {translateError(t, failure as { code?: string; message?: string })}
          </Alert>
        )}
        {endOthers.isSuccess && (
          <Alert severity="success" sx={{ mt: 2 }} data-testid="sessions-ended">
            {t('sessions.ended', { count: endOthers.data.ended })}
          </Alert>
        )}
        <Button
          variant="outlined"
          color="inherit"
          sx={{ mt: 2 }}
          disabled={others === 0 || endOthers.isPending}
          onClick={() => endOthers.mutate()}
          data-testid="sessions-end-others"
        >
          {t('sessions.endOthers')}
        </Button>
      </CardContent>
    </Card>
  );
}

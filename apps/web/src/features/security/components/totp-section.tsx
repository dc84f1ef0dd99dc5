import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { StepUpProof, TotpSetup } from '@app/shared/schemas/security';
import { StepUpField } from '../../../components/step-up-field';
import { ApiError } from '../../../lib/api-client';
import { qrPath } from '../../../lib/qr-path';
import { useTotpStatus } from '../../../lib/step-up';
import { translateError } from '../../../lib/i18n';
import { useTotpMutations } from '../api/totp';

function TotpQr({ uri }: { uri: string }) {
  const { size, d } = qrPath(uri);
  const side = size + 4;
  return (
    <Box sx={{ bgcolor: '#fff', p: 1, borderRadius: 1, width: 200, height: 200 }}>
      <svg viewBox={`0 0 ${side} ${side}`} width="100%" height="100%" role="img" aria-label="QR">
        <path d={d} fill="#000" />
      </svg>
    </Box>
  );
}

/** /account/data: two-factor authentication with an authenticator app (decision 020). */
export function TotpSection() {
  const { t } = useTranslation('auth');
  const status = useTotpStatus();
  const { setup, confirm, disable } = useTotpMutations();
  const [proof, setProof] = useState<StepUpProof>({});
  const [pending, setPending] = useState<TotpSetup | null>(null);
  const [code, setCode] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fail = (e: unknown) => setError(translateError(t, e instanceof ApiError ? e : { code: 'UNKNOWN_ERROR' }));

  const start = async () => {
    setError(null);
    try {
      setPending(await setup.mutateAsync(proof));
    } catch (e) {
      fail(e);
    }
  };
  const finish = async () => {
    setError(null);
    try {
      setRecoveryCodes((await confirm.mutateAsync(code.trim())).recoveryCodes);
      setPending(null);
      setCode('');
    } catch (e) {
      fail(e);
    }
  };
  const turnOff = async () => {
    setError(null);
    try {
      await disable.mutateAsync(proof);
      setRecoveryCodes(null);
    } catch (e) {
      fail(e);
    }
  };

  return (
    <Card component="section" aria-labelledby="totp-title" data-testid="totp-section">
      <CardContent sx={{ p: 3 }}>
        <Typography id="totp-title" variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('totp.title')}
        </Typography>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
          {status.data?.enabled ? t('totp.on', { left: status.data.recoveryCodesLeft }) : t('totp.off')}
        </Typography>
        {error && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        {recoveryCodes && (
          <Alert severity="warning" sx={{ mb: 2 }} data-testid="totp-recovery-codes">
            <Typography variant="body2" sx={{ mb: 1 }}>
              {t('totp.recoveryLead')}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2, fontFamily: 'monospace', columns: 2 }}>
              {recoveryCodes.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </Box>
          </Alert>
        )}
        {pending ? (
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }} data-testid="totp-enrol">
            <Typography variant="body2">{t('totp.scan')}</Typography>
            <TotpQr uri={pending.uri} />
            <Typography variant="body2" color="textSecondary">
              {t('totp.manual')}{' '}
              <Box component="code" sx={{ wordBreak: 'break-all' }} data-testid="totp-secret">
                {pending.secret}
              </Box>
            </Typography>
            <TextField
              label={t('totp.firstCode')}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              autoComplete="one-time-code"
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, 'data-testid': 'totp-first-code' } }}
            />
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
              <Button variant="contained" onClick={finish} loading={confirm.isPending} data-testid="totp-confirm">
                {t('totp.confirm')}
              </Button>
              {/* Nothing is on until the first code: leaving only drops the unconfirmed secret. */}
              <Button onClick={() => setPending(null)}>{t('totp.cancel')}</Button>
            </Stack>
          </Stack>
        ) : (
          status.data && (
            <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
              <StepUpField key={String(status.data.enabled)} onChange={setProof} />
              {status.data.enabled ? (
                <Button variant="outlined" color="error" onClick={turnOff} loading={disable.isPending}>
                  {t('totp.disable')}
                </Button>
              ) : (
                <Button variant="contained" onClick={start} loading={setup.isPending} data-testid="totp-start">
                  {t('totp.start')}
                </Button>
              )}
            </Stack>
          )
        )}
      </CardContent>
    </Card>
  );
}

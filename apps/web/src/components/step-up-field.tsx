import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { StepUpProof } from '@app/shared/schemas/security';
import { useSendStepUpCode, useTotpStatus } from '../lib/step-up';

type Mode = 'password' | 'code' | 'totp' | 'recovery';

/**
 * The fresh proof a withdrawal or an account change sends (decision 020): the password or a mailed
 * code, or, once TOTP is on, the authenticator's code or a recovery code. `onChange` gets the proof
 * to put in the request body as `stepUp`.
 */
export function StepUpField({ onChange, error }: { onChange: (proof: StepUpProof) => void; error?: string | null }) {
  const { t } = useTranslation('common');
  const totp = useTotpStatus();
  const send = useSendStepUpCode();
  const [chosen, setChosen] = useState<Mode | null>(null);
  const [value, setValue] = useState('');
  const mode: Mode = chosen ?? (totp.data?.enabled ? 'totp' : 'password');

  const pick = (next: Mode) => {
    setChosen(next);
    setValue('');
    onChange({});
  };
  const change = (text: string) => {
    setValue(text);
    const key = { password: 'password', code: 'code', totp: 'totp', recovery: 'recoveryCode' }[mode];
    onChange(text ? { [key]: text } : {});
  };
  const mailCode = async () => {
    await send.mutateAsync().catch(() => undefined);
    pick('code');
  };

  return (
    <Stack spacing={1} data-testid="step-up">
      <Typography variant="body2" color="textSecondary">
        {t(`stepUp.lead.${mode}`)}
      </Typography>
      <TextField
        label={t(`stepUp.label.${mode}`)}
        type={mode === 'password' ? 'password' : 'text'}
        value={value}
        onChange={(event) => change(event.target.value)}
        autoComplete={mode === 'password' ? 'current-password' : 'one-time-code'}
        error={Boolean(error)}
        helperText={error ?? (mode === 'code' && send.isSuccess ? t('stepUp.codeSent') : ' ')}
        slotProps={{
          htmlInput: {
            'data-testid': 'step-up-input',
            ...(mode === 'code' || mode === 'totp' ? { inputMode: 'numeric', maxLength: 6 } : {}),
          },
        }}
      />
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        {mode === 'password' && (
          <Button size="small" onClick={mailCode} loading={send.isPending} data-testid="step-up-mail-code">
            {t('stepUp.mailCode')}
          </Button>
        )}
        {mode === 'code' && (
          <Button size="small" onClick={() => pick('password')}>
            {t('stepUp.usePassword')}
          </Button>
        )}
        {mode === 'totp' && (
          <Button size="small" onClick={() => pick('recovery')}>
            {t('stepUp.useRecovery')}
          </Button>
        )}
        {mode === 'recovery' && (
          <Button size="small" onClick={() => pick('totp')}>
            {t('stepUp.useTotp')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}

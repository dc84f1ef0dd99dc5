import { forwardRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MEETING_CODE_LENGTH } from '@app/shared/schemas/meet';
import { isCompleteCode, normalizeCodeInput } from '../lib/meeting-code';

/** The peer's code typed by hand: six characters of the code alphabet, upper-cased as typed. */
export const CodeEntry = forwardRef<
  HTMLInputElement,
  {
    name: string;
    pending: boolean;
    error: string | null;
    initial?: string;
    onSubmit: (code: string) => void;
    onChange: () => void;
  }
>(function CodeEntry({ name, pending, error, initial = '', onSubmit, onChange }, ref) {
  const { t } = useTranslation('meeting');
  const [value, setValue] = useState(() => normalizeCodeInput(initial));
  const complete = isCompleteCode(value);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (complete && !pending) onSubmit(value);
  };

  return (
    <Stack
      component="form"
      direction="row"
      spacing={1}
      sx={{ alignItems: 'flex-start', width: '100%' }}
      onSubmit={submit}
      noValidate
      data-testid="code-entry"
    >
      <TextField
        inputRef={ref}
        value={value}
        onChange={(event) => {
          setValue(normalizeCodeInput(event.target.value));
          onChange();
        }}
        label={t('confirm.codeLabel', { name })}
        placeholder={'•'.repeat(MEETING_CODE_LENGTH)}
        error={Boolean(error)}
        helperText={error ?? t('confirm.codeHelp', { count: MEETING_CODE_LENGTH })}
        fullWidth
        slotProps={{
          htmlInput: {
            maxLength: MEETING_CODE_LENGTH + 4,
            autoCapitalize: 'characters',
            autoComplete: 'off',
            autoCorrect: 'off',
            spellCheck: false,
            inputMode: 'text',
            enterKeyHint: 'done',
            'data-testid': 'code-input',
            style: {
              fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
              fontSize: 24,
              letterSpacing: '0.3em',
              fontWeight: 700,
            },
          },
          formHelperText: { 'data-testid': 'code-help' } as object,
        }}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={!complete || pending}
        sx={{ height: 56, flexShrink: 0 }}
        data-testid="code-submit"
      >
        {t('confirm.submit')}
      </Button>
    </Stack>
  );
});

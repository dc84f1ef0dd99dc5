import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import InstallMobileIcon from '@mui/icons-material/InstallMobile';
import IosShareIcon from '@mui/icons-material/IosShare';
import AddBoxOutlinedIcon from '@mui/icons-material/AddBoxOutlined';
import { promptInstall, useInstallState } from '../lib/install-prompt';
import { isIos } from '../lib/platform';

const inlineIcon = { fontSize: '1.1em', verticalAlign: '-0.2em', mx: 0.25 } as const;

/** Installing this website as an app: the browser's prompt where it offers one, else how to do it. */
export function WebInstallSection() {
  const { t } = useTranslation('install');
  const { canPrompt, installed, standalone } = useInstallState();
  const [busy, setBusy] = useState(false);

  const install = async () => {
    setBusy(true);
    try {
      await promptInstall();
    } finally {
      setBusy(false);
    }
  };

  let how;
  if (installed) {
    how = (
      <Alert severity="success" variant="outlined" sx={{ mt: 1.5 }}>
        {standalone ? t('web.standalone') : t('web.installed')}
      </Alert>
    );
  } else if (canPrompt) {
    how = (
      <Button variant="contained" startIcon={<InstallMobileIcon />} onClick={install} loading={busy} sx={{ mt: 1.5 }}>
        {t('web.install')}
      </Button>
    );
  } else {
    how = (
      <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }} data-testid="install-instructions">
        {isIos() ? (
          <Trans
            t={t}
            i18nKey="web.ios"
            components={{
              share: <IosShareIcon aria-hidden sx={inlineIcon} />,
              add: <AddBoxOutlinedIcon aria-hidden sx={inlineIcon} />,
            }}
          />
        ) : (
          t('web.other')
        )}
      </Typography>
    );
  }

  return (
    <Box component="section" aria-labelledby="install-web-heading">
      <Typography id="install-web-heading" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('web.heading')}
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {t('web.text')}
      </Typography>
      {how}
    </Box>
  );
}

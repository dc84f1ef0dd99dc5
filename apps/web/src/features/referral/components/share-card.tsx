import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import InputAdornment from '@mui/material/InputAdornment';
import ShareIcon from '@mui/icons-material/ShareOutlined';
import { CopyButton } from '../../../components/copy-button';
import { QrCode } from '../../../components/qr-code';

/** /ref/{code} on this site: SPEC.md's referral link, which counts a hit and opens registration. */
export const referralLink = (promocode: string) => `${window.location.origin}/ref/${promocode}`;

/** The referral link and promo code, each with copy, the system's share sheet, and the link as a QR code. */
export function ShareCard({ promocode }: { promocode: string }) {
  const { t } = useTranslation('referral');
  const link = referralLink(promocode);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const share = () =>
    navigator
      .share({ title: t('share.shareTitle'), text: t('share.shareText', { code: promocode }), url: link })
      .catch(() => {
        // Closing the share sheet is no error.
      });

  return (
    <Card variant="outlined" data-testid="referral-share">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: { md: 'center' } }}>
          <Stack spacing={2} sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="h6" component="h2">
              {t('share.title')}
            </Typography>
            <Typography color="textSecondary">{t('share.text')}</Typography>
            <TextField
              label={t('share.link')}
              value={link}
              slotProps={{
                htmlInput: { readOnly: true, 'data-testid': 'referral-link' },
                input: {
                  endAdornment: (
                    <InputAdornment position="end">
                      <CopyButton value={link} label={t('share.copyLink')} />
                    </InputAdornment>
                  ),
                },
              }}
              fullWidth
            />
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
              <TextField
                label={t('share.promocode')}
                value={promocode}
                slotProps={{
                  htmlInput: { readOnly: true, 'data-testid': 'referral-promocode' },
                  input: {
                    endAdornment: (
                      <InputAdornment position="end">
                        <CopyButton value={promocode} label={t('share.copyCode')} />
                      </InputAdornment>
                    ),
                  },
                }}
                sx={{ width: 220 }}
              />
              {canShare && (
                <Button
                  variant="contained"
                  startIcon={<ShareIcon />}
                  onClick={share}
                  data-testid="referral-share-button"
                >
                  {t('share.share')}
                </Button>
              )}
            </Stack>
          </Stack>
          <QrCode value={link} label={t('share.qr')} size={160} testId="referral-qr" />
        </Stack>
      </CardContent>
    </Card>
  );
}

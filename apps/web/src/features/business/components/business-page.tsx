import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddBusinessIcon from '@mui/icons-material/AddBusinessOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import VerifiedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import { CompanyCardView, PROMOTED_COLOR } from '../../../components/company-card';
import { translateError } from '../../../lib/i18n';
import { useMyCompany } from '../api/get-company';
import { CompanyForm } from './company-form';
import { PromotionPanel } from './promotion-panel';
import { RemoveDialog } from './remove-dialog';

/**
 * /account/business (PRODUCT.md "My business"): an invitation to add a company, the form, then
 * the company's card with edit and remove, and its promoted pin on the live map.
 */
export function BusinessPage({ styleUrl }: { styleUrl: string }) {
  const { t } = useTranslation('business');
  const query = useMyCompany();
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const company = query.data?.company ?? null;

  if (query.isPending) return <Skeleton variant="rounded" height={240} />;
  if (query.isError) return <Alert severity="error">{translateError(t, query.error)}</Alert>;

  if (editing)
    return (
      <Card variant="outlined">
        <CardContent>
          <CompanyForm
            company={company}
            styleUrl={styleUrl}
            onDone={() => setEditing(false)}
            onCancel={() => setEditing(false)}
          />
        </CardContent>
      </Card>
    );

  if (!company)
    return (
      <Card variant="outlined" data-testid="business-empty">
        <CardContent>
          <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: { xs: 3, sm: 6 }, px: { sm: 6 } }}>
            <Box
              sx={{
                width: 72,
                height: 72,
                borderRadius: '50%',
                display: 'grid',
                placeItems: 'center',
                bgcolor: `${PROMOTED_COLOR}1f`,
                color: PROMOTED_COLOR,
              }}
            >
              <AddBusinessIcon sx={{ fontSize: 36 }} />
            </Box>
            <Typography variant="h5" component="h2">
              {t('empty.title')}
            </Typography>
            <Typography color="textSecondary" sx={{ maxWidth: 520 }}>
              {t('empty.text')}
            </Typography>
            <Button variant="contained" size="large" onClick={() => setEditing(true)} data-testid="business-add">
              {t('empty.add')}
            </Button>
          </Stack>
        </CardContent>
      </Card>
    );

  return (
    <Stack spacing={3} data-testid="business-page">
      <Card variant="outlined">
        <CardContent>
          <Stack spacing={2.5}>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1.5}
              sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
            >
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: PROMOTED_COLOR }}>
                <VerifiedIcon fontSize="small" />
                <Typography variant="overline" data-testid="business-account">
                  {t('page.businessAccount')}
                </Typography>
              </Stack>
              <Stack direction="row" spacing={1}>
                <Button startIcon={<EditIcon />} onClick={() => setEditing(true)} data-testid="company-edit">
                  {t('page.edit')}
                </Button>
                <Button
                  startIcon={<DeleteIcon />}
                  color="error"
                  onClick={() => setRemoving(true)}
                  data-testid="company-remove"
                >
                  {t('page.remove')}
                </Button>
              </Stack>
            </Stack>
            <CompanyCardView company={company} />
            {!company.place && (
              <Typography variant="body2" color="textSecondary">
                {t('page.noPlace')}
              </Typography>
            )}
          </Stack>
        </CardContent>
      </Card>
      <PromotionPanel state={query.data!} />
      <RemoveDialog open={removing} name={company.name} onClose={() => setRemoving(false)} />
    </Stack>
  );
}

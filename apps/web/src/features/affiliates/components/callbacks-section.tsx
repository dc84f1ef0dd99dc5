import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import VerifiedIcon from '@mui/icons-material/VerifiedOutlined';
import { CodeSample } from './code-sample';
import { SectionTitle } from './section-title';

/** The macros a callback URL may carry (PRODUCT.md "Advertising (CPA)"). */
const MACROS = ['uid', 'action', 'payout', 'event_id', 'link_id'] as const;
const EXAMPLE_CALLBACK =
  'https://tracker.example.com/postback?click={uid}&goal={action}&sum={payout}&tid={event_id}&link={link_id}';

export function CallbacksSection() {
  const { t } = useTranslation('affiliates');
  const rules = t('affiliates.callbackRules', { returnObjects: true }) as unknown as string[];

  return (
    <Box component="section" aria-labelledby="partner-callbacks" sx={{ py: { xs: 4, md: 6 } }}>
      <SectionTitle id="partner-callbacks">{t('affiliates.callbacksTitle')}</SectionTitle>
      <Typography color="textSecondary" sx={{ mb: 2, maxWidth: 780 }}>
        {t('affiliates.callbacksText')}
      </Typography>
      <TableContainer component={Paper} variant="outlined" sx={{ bgcolor: 'transparent', maxWidth: 780 }}>
        <Table size="small" aria-labelledby="partner-callbacks">
          <TableHead>
            <TableRow>
              <TableCell>{t('affiliates.macroHeader')}</TableCell>
              <TableCell>{t('affiliates.meaningHeader')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {MACROS.map((macro) => (
              <TableRow key={macro}>
                <TableCell component="th" scope="row" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                  {`{${macro}}`}
                </TableCell>
                <TableCell>{t(`affiliates.macros.${macro}`)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <CodeSample label={t('affiliates.exampleCallback')} code={EXAMPLE_CALLBACK} />
      <List sx={{ mt: 2, maxWidth: 780 }}>
        {rules.map((rule) => (
          <ListItem key={rule} disableGutters sx={{ alignItems: 'flex-start' }}>
            <ListItemIcon sx={{ minWidth: 40, mt: 0.5, color: 'primary.main' }} aria-hidden>
              <VerifiedIcon />
            </ListItemIcon>
            <ListItemText primary={rule} />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { NFT_PRICE_USDT, NFT_TYPE, SALE_LEVELS, SELLER_REWARD_SHARE } from '@app/shared/constants';
import { formatNumber } from '@app/shared/format/number';
import { useProductFacts } from '../../../components/use-product-facts';

/** Price and parent reward per level, side by side, so the 40% is a number and not a promise. */
export function RewardsTable() {
  const { t, i18n } = useTranslation('meet');
  const facts = useProductFacts();
  const locale = i18n.resolvedLanguage ?? 'en';
  const usdt = (value: number) => t('meet.table.usdt', { value: formatNumber(value, locale) });

  return (
    <Box component="section" aria-labelledby="rewards-title" sx={{ py: { xs: 5, md: 8 } }}>
      <Typography id="rewards-title" variant="h4" component="h2">
        {t('meet.rewardsTitle')}
      </Typography>
      <Typography color="textSecondary" sx={{ mt: 1, mb: 3, maxWidth: 720 }}>
        {t('meet.rewardsText', facts)}
      </Typography>
      <TableContainer component={Paper} variant="outlined" sx={{ bgcolor: 'transparent' }}>
        <Table
          aria-labelledby="rewards-title"
          sx={{ '& td, & th': { px: { xs: 1.5, sm: 2 } }, '& td': { whiteSpace: 'nowrap' } }}
        >
          <TableHead>
            <TableRow>
              <TableCell>{t('meet.table.level')}</TableCell>
              <TableCell align="right">{t('meet.table.price')}</TableCell>
              <TableCell align="right">{t('meet.table.reward')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('meet.table.kyc')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {SALE_LEVELS.map((level) => (
              <TableRow key={level}>
                <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                  {t(`common:levels.${level}`)}
                </TableCell>
                <TableCell align="right">{usdt(NFT_PRICE_USDT[level])}</TableCell>
                <TableCell align="right">{usdt(NFT_PRICE_USDT[level] * SELLER_REWARD_SHARE)}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {NFT_TYPE[level] >= NFT_TYPE.GOLD ? t('meet.table.kycNeeded') : t('meet.table.kycNotNeeded')}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}

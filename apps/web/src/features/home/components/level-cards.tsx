import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/CheckCircleOutlined';
import { NFT_PRICE_USDT, SALE_LEVELS, SELLER_REWARD_SHARE } from '@app/shared/constants';
import { formatNumber } from '@app/shared/format/number';
import { LEVEL_ACCENT } from '../../../app/theme';
import { Reveal } from '../../../components/reveal';
import { useProductFacts } from '../../../components/use-product-facts';

/** The three levels on sale: price, what each one unlocks, and what a parent earns. */
export function LevelCards() {
  const { t, i18n } = useTranslation(['common', 'content']);
  const facts = useProductFacts();
  const locale = i18n.resolvedLanguage ?? 'en';

  return (
    <Box component="section" aria-labelledby="levels-title" sx={{ py: { xs: 6, md: 10 } }}>
      <Typography id="levels-title" variant="h4" component="h2">
        {t('home.levelsTitle')}
      </Typography>
      <Typography color="textSecondary" sx={{ mt: 1, mb: 4, maxWidth: 640 }}>
        {t('home.levelsSubtitle')}
      </Typography>
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' } }}
      >
        {SALE_LEVELS.map((level, index) => {
          const allows = t(`content:home.allows.${level}`, { ...facts, returnObjects: true }) as unknown as string[];
          return (
            <Reveal key={level} delay={index * 120}>
              <Card
                sx={{ height: '100%', borderTop: 3, borderColor: LEVEL_ACCENT[level] }}
                data-testid={`level-${level}`}
              >
                <CardContent sx={{ p: 3 }}>
                  <Typography
                    variant="h6"
                    component="h3"
                    sx={{
                      color: LEVEL_ACCENT[level],
                      textTransform: 'uppercase',
                      fontSize: 14,
                      letterSpacing: '0.08em',
                    }}
                  >
                    {t(`levels.${level}`)}
                  </Typography>
                  <Typography variant="h4" component="p" sx={{ my: 1 }}>
                    {t('home.price', { price: formatNumber(NFT_PRICE_USDT[level], locale) })}
                  </Typography>
                  <Typography color="textSecondary">{t(`home.levels.${level}`)}</Typography>
                  <Typography variant="subtitle2" component="p" sx={{ mt: 2 }}>
                    {t('content:home.allowsTitle')}
                  </Typography>
                  <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                    {allows.map((line) => (
                      <Box component="li" key={line} sx={{ display: 'flex', alignItems: 'flex-start', py: 0.5 }}>
                        <Box
                          aria-hidden
                          sx={{
                            display: 'inline-flex',
                            flexShrink: 0,
                            minWidth: 30,
                            mt: 0.5,
                            color: LEVEL_ACCENT[level],
                          }}
                        >
                          <CheckIcon fontSize="small" />
                        </Box>
                        <Typography variant="body2" sx={{ my: 0.5 }}>
                          {line}
                        </Typography>
                      </Box>
                    ))}
                  </Box>
                  <Typography variant="body2" sx={{ mt: 1, pt: 2, borderTop: 1, borderColor: 'divider' }}>
                    {t('home.reward', { reward: formatNumber(NFT_PRICE_USDT[level] * SELLER_REWARD_SHARE, locale) })}
                  </Typography>
                </CardContent>
              </Card>
            </Reveal>
          );
        })}
      </Box>
    </Box>
  );
}

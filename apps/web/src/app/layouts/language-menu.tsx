import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TranslateIcon from '@mui/icons-material/Translate';
import { SUPPORTED_LOCALES, type Locale } from '@app/shared/constants';
import { changeLocale } from '../../lib/i18n';

const NAMES: Record<Locale, string> = { en: 'English', ru: 'Русский' };

export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = (i18n.resolvedLanguage ?? 'en') as Locale;

  return (
    <>
      <Button
        color="inherit"
        startIcon={<TranslateIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={`${t('settings.language')}: ${NAMES[current]}`}
        aria-haspopup="menu"
        data-testid="language-button"
        sx={{ minWidth: 0 }}
      >
        {current.toUpperCase()}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {SUPPORTED_LOCALES.map((locale) => (
          <MenuItem
            key={locale}
            lang={locale}
            selected={locale === current}
            onClick={() => {
              setAnchor(null);
              void changeLocale(locale);
            }}
          >
            {NAMES[locale]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

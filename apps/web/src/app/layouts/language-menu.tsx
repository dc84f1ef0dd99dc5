import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import TranslateIcon from '@mui/icons-material/Translate';
import type { Locale } from '@app/shared/constants';
import { changeLocale } from '../../lib/i18n';
import { LanguageList, preloadPopups } from './lazy-popups';

const NAMES: Record<Locale, string> = { en: 'English', ru: 'Русский' };

export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  // undefined until first opened: the menu's code loads then (see lazy-popups.ts).
  const [anchor, setAnchor] = useState<HTMLElement | null>();
  const current = (i18n.resolvedLanguage ?? 'en') as Locale;

  return (
    <>
      <Button
        color="inherit"
        startIcon={<TranslateIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        {...preloadPopups}
        aria-label={`${t('settings.language')}: ${NAMES[current]}`}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        data-testid="language-button"
        sx={{ minWidth: 0 }}
      >
        {current.toUpperCase()}
      </Button>
      {anchor !== undefined && (
        <Suspense fallback={null}>
          <LanguageList
            anchor={anchor}
            onClose={() => setAnchor(null)}
            names={NAMES}
            current={current}
            onChoose={(locale) => void changeLocale(locale)}
          />
        </Suspense>
      )}
    </>
  );
}

import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import { useColorScheme } from '@mui/material/styles';
import LightModeIcon from '@mui/icons-material/LightModeOutlined';
import DarkModeIcon from '@mui/icons-material/DarkModeOutlined';

/** A plain title instead of MUI's Tooltip keeps Popper out of every page's first download. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const { mode, systemMode, setMode } = useColorScheme();
  const effective = mode === 'system' ? systemMode : mode;
  const isDark = effective !== 'light';
  const label = isDark ? t('settings.switchToLight') : t('settings.switchToDark');
  return (
    <IconButton
      color="inherit"
      aria-label={label}
      title={label}
      onClick={() => setMode(isDark ? 'light' : 'dark')}
      data-testid="theme-toggle"
    >
      {isDark ? <LightModeIcon /> : <DarkModeIcon />}
    </IconButton>
  );
}

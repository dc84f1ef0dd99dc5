import type { KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { RouterLink } from '../../../components/router-link';

export interface AuthTab {
  value: string;
  label: string;
  href: string;
}

/**
 * The login and registration screens' two tabs: links styled and announced as MUI's full-width
 * Tabs (the same elements, roles, classes and styles, arrow keys moving between them). MUI's Tabs
 * measures its tabs to place the indicator and scrolls them; with two tabs of equal width that is
 * arithmetic, and the pair was about 7 KB (gzipped) of these screens' first load. The indicator
 * stands under the selected tab from the first paint of a prerendered screen.
 */
export function AuthTabs({ tabs, value }: { tabs: readonly AuthTab[]; value: string }) {
  const selected = tabs.findIndex((tab) => tab.value === value);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')];
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (at < 0) return;
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: items.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    items[(next + items.length) % items.length]!.focus();
  };
  return (
    <Box className="MuiTabs-root" sx={{ overflow: 'hidden', minHeight: 48, display: 'flex', mb: 3 }}>
      <Box
        className="MuiTabs-scroller MuiTabs-fixed"
        sx={{
          position: 'relative',
          display: 'inline-block',
          flex: '1 1 auto',
          whiteSpace: 'nowrap',
          overflowX: 'hidden',
          width: '100%',
        }}
      >
        <Box className="MuiTabs-list" role="tablist" sx={{ display: 'flex' }} onKeyDown={onKeyDown}>
          {tabs.map((tab) => {
            const isSelected = tab.value === value;
            return (
              <ButtonBase
                key={tab.value}
                focusRipple
                component={RouterLink}
                href={tab.href}
                role="tab"
                aria-selected={isSelected}
                tabIndex={isSelected ? 0 : -1}
                className={`MuiTab-root MuiTab-textColorPrimary MuiTab-fullWidth${isSelected ? ' Mui-selected' : ''}`}
                sx={{
                  typography: 'button',
                  minWidth: 90,
                  position: 'relative',
                  minHeight: 48,
                  flex: '1 1 0',
                  maxWidth: 'none',
                  padding: '12px 16px',
                  overflow: 'hidden',
                  whiteSpace: 'normal',
                  textAlign: 'center',
                  lineHeight: 1.25,
                  flexDirection: 'column',
                  color: isSelected ? 'primary.main' : 'text.secondary',
                }}
              >
                {tab.label}
              </ButtonBase>
            );
          })}
        </Box>
        {selected >= 0 && (
          <Box
            component="span"
            className="MuiTabs-indicator"
            sx={(theme) => ({
              position: 'absolute',
              height: 2,
              bottom: 0,
              left: `${(selected * 100) / tabs.length}%`,
              width: `${100 / tabs.length}%`,
              transition: theme.transitions.create('all'),
              bgcolor: 'primary.main',
            })}
          />
        )}
      </Box>
    </Box>
  );
}

import { Suspense, lazy, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { MainTab } from './main-tab';

// The tree's grid loads when its tab opens.
const TreeTab = lazy(() => import('./tree-tab').then((m) => ({ default: m.TreeTab })));

export const REFERRAL_TABS = ['main', 'tree'] as const;
export type ReferralTab = (typeof REFERRAL_TABS)[number];

/** /account/referral: SPEC.md's tabs Main and Referral tree; the open tab lives in ?tab=. */
export function ReferralPage() {
  const { t } = useTranslation('referral');
  const [params, setParams] = useSearchParams();
  const tab: ReferralTab = params.get('tab') === 'tree' ? 'tree' : 'main';
  const open = (next: ReferralTab) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'main') updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );
  const panels: Record<ReferralTab, ReactNode> = { main: <MainTab />, tree: <TreeTab /> };

  return (
    <Box data-testid="referral-page" data-tab={tab}>
      <Tabs
        value={tab}
        onChange={(_, next: ReferralTab) => open(next)}
        aria-label={t('tabs.label')}
        sx={{ mt: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {REFERRAL_TABS.map((name) => (
          <Tab
            key={name}
            value={name}
            label={t(`tabs.${name}`)}
            id={`referral-tab-${name}`}
            aria-controls={`referral-panel-${name}`}
            data-testid={`referral-tab-${name}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`referral-panel-${tab}`} aria-labelledby={`referral-tab-${tab}`}>
        <Suspense fallback={<LinearProgress sx={{ mt: 3 }} aria-label={t('loading')} />}>{panels[tab]}</Suspense>
      </Box>
    </Box>
  );
}

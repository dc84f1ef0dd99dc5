import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import Container from '@mui/material/Container';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { RouterLink } from '../../components/router-link';

export interface SectionTab {
  href: string;
  label: string;
}

/** A titled area with tabs for its child routes (the account and the admin area). */
export function SectionLayout({ title, tabs, children }: { title: string; tabs: SectionTab[]; children?: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const active = tabs.find((tab) => pathname === tab.href || pathname.startsWith(`${tab.href}/`))?.href ?? false;
  return (
    <Container maxWidth="lg" sx={{ pt: 4 }}>
      <Typography variant="overline" color="textSecondary" component="p">
        {t(title)}
      </Typography>
      <Tabs
        value={active}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map((tab) => (
          <Tab key={tab.href} value={tab.href} label={t(tab.label)} component={RouterLink} href={tab.href} />
        ))}
      </Tabs>
      {children ?? <Outlet />}
    </Container>
  );
}

export const ACCOUNT_TABS: SectionTab[] = [
  { href: '/account/data', label: 'account.tabs.data' },
  { href: '/account/market', label: 'account.tabs.market' },
  { href: '/account/business', label: 'account.tabs.business' },
  { href: '/account/referral', label: 'account.tabs.referral' },
  { href: '/account/cpa', label: 'account.tabs.cpa' },
];

export const CONTROL_TABS: SectionTab[] = [
  { href: '/control/monitor', label: 'control.tabs.monitor' },
  { href: '/control/kyc', label: 'control.tabs.kyc' },
  { href: '/control/news', label: 'control.tabs.news' },
  { href: '/control/cpa', label: 'control.tabs.cpa' },
  { href: '/control/reports', label: 'control.tabs.reports' },
  { href: '/control/people', label: 'control.tabs.people' },
  { href: '/control/jobs', label: 'control.tabs.jobs' },
  { href: '/control/audit', label: 'control.tabs.audit' },
];

import { BookOpen, LayoutDashboard, ScrollText } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { TabList, tabPanelProps, type TabItem } from '@/components/ui/tabs';
import { AuditLog } from './audit-log';
import { HelpCenterGaps } from './help-center-gaps';
import { PlatformFigures } from './platform-figures';
import { PopularTopics } from './popular-topics';
import { UsersPanel } from './users-panel';

type Tab = 'overview' | 'audit-log' | 'help-gaps';

const TABS: TabItem<Tab>[] = [
  { value: 'overview', label: 'Overview', icon: LayoutDashboard },
  { value: 'audit-log', label: 'Audit log', icon: ScrollText },
  { value: 'help-gaps', label: 'Sparky', icon: BookOpen },
];

/** The admin area: platform figures and users (Overview), the impersonation audit log, and Sparky's popular questions and Help Center gaps. */
export function AdminPage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((item) => item.value === params.get('tab'))?.value ?? 'overview';

  // Each tab keeps its own query: switching drops the other tab's search and filters.
  const select = (next: Tab) => setParams(next === 'overview' ? {} : { tab: next });

  return (
    <>
      <PageHeader title="Admin" description="Platform figures, accounts and support sessions." />
      <TabList label="Admin sections" idPrefix="admin" tabs={TABS} value={tab} onChange={select} className="mb-8" />
      <div {...tabPanelProps('admin', tab)}>
        {tab === 'overview' ? (
          <>
            <PlatformFigures />
            <UsersPanel />
          </>
        ) : tab === 'audit-log' ? (
          <AuditLog />
        ) : (
          <div className="space-y-8">
            <PopularTopics />
            <HelpCenterGaps />
          </div>
        )}
      </div>
    </>
  );
}

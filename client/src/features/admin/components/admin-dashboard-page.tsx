import { Flex, Tabs } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageTitle } from '../../../components/page-title';
import { BaseWorkflowsTab } from './base-workflows-tab';
import { QueueDashboardButton } from './queue-dashboard-button';
import { OverrideDefinitionsTab } from './override-definitions-tab';
import { SlugWorkflowsTab } from './slug-workflows-tab';
import { UsersTab } from './users-tab';

const TABS = [
  { value: 'base-workflows', label: 'Base Workflows', content: <BaseWorkflowsTab /> },
  { value: 'slug-workflows', label: 'Slug Workflows', content: <SlugWorkflowsTab /> },
  { value: 'override-definitions', label: 'Override Definitions', content: <OverrideDefinitionsTab /> },
  { value: 'users', label: 'User Management', content: <UsersTab /> },
] as const;

/** SPEC section 2, Admin dashboard: four tabs; the open one is kept in the address (?tab=). */
export function AdminDashboardPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab = TABS.find((t) => t.value === requested)?.value ?? TABS[0].value;
  // on a phone the row of tabs scrolls: the open one is kept in sight
  const tabList = useRef<HTMLDivElement>(null);
  useEffect(() => {
    tabList.current?.querySelector('[aria-selected="true"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [tab]);

  return (
    <>
      <Flex justify="space-between" align="start" gap={4} wrap="wrap">
        <PageTitle title="Admin dashboard" />
        <QueueDashboardButton />
      </Flex>
      <Tabs.Root
        value={tab}
        onValueChange={(details) => setParams({ tab: details.value }, { replace: true })}
        variant="line"
        colorPalette="purple"
        // a tab is mounted when first opened and kept: rows typed on Override Definitions and not yet
        // saved must survive a look at another tab
        lazyMount
      >
        <Tabs.List ref={tabList} mb={4} overflowX="auto">
          {TABS.map((t) => (
            // whole names in a row that scrolls on a phone, not names broken mid-word
            <Tabs.Trigger key={t.value} value={t.value} flexShrink={0} whiteSpace="nowrap">
              {t.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map((t) => (
          <Tabs.Content key={t.value} value={t.value}>
            {t.content}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </>
  );
}

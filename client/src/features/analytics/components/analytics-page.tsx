import { Alert, Badge, Center, Flex, SimpleGrid, Spinner, Stack } from '@chakra-ui/react';
import { DEFAULT_ANALYTICS_PERIOD, MESSAGES, type AnalyticsPeriod } from '@atelier/shared';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { PageTitle } from '../../../components/page-title';
import { errorText } from '../../../lib/api-error';
import { isAdminAtom, isSuperAdminAtom } from '../../auth/atoms/session-atom';
import { useAnalytics } from '../api/get-analytics';
import { PeriodSelector } from './period-selector';
import { SystemStats } from './system-stats';
import { TopUsers } from './top-users';
import { TopWorkflows } from './top-workflows';
import { UsageByHourChart } from './usage-by-hour-chart';

/**
 * SPEC section 2, Analytics dashboard. The server's view_type names it; until it answers, the
 * role does (admins get the system view, SPEC section 6).
 */
export function AnalyticsPage() {
  const [period, setPeriod] = useState<AnalyticsPeriod>(DEFAULT_ANALYTICS_PERIOD);
  const { data, error, isPending, isPlaceholderData } = useAnalytics(period);
  const isAdmin = useAtomValue(isAdminAtom);
  const isSuperAdmin = useAtomValue(isSuperAdminAtom);
  const personal = data ? data.view_type === 'personal' : !isAdmin;

  return (
    <>
      <Flex justify="space-between" align={{ base: 'flex-start', md: 'center' }} gap={3} wrap="wrap" mb={6}>
        <Flex align="center" gap={3} wrap="wrap" css={{ '& h1': { mb: 0 } }}>
          <PageTitle title={personal ? 'My Analytics' : 'System Analytics'} />
          {isSuperAdmin && (
            <Badge colorPalette="purple" variant="solid" size="md">
              System Admin View
            </Badge>
          )}
        </Flex>
        <PeriodSelector value={period} onChange={setPeriod} />
      </Flex>
      {isPending && (
        <Center py={16}>
          <Spinner size="lg" color="purple.solid" role="status" aria-label="Loading analytics" />
        </Center>
      )}
      {!data && error && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{errorText(error, MESSAGES.dashboardLoadFailed)}</Alert.Title>
        </Alert.Root>
      )}
      {data && (
        <Stack gap={{ base: 4, md: 6 }} opacity={isPlaceholderData ? 0.6 : 1} aria-busy={isPlaceholderData}>
          <SystemStats stats={data.system_stats} personal={data.view_type === 'personal'} />
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap={{ base: 4, md: 6 }} alignItems="start">
            <TopWorkflows workflows={data.popular_workflows} />
            <TopUsers users={data.active_users} />
          </SimpleGrid>
          <UsageByHourChart usage={data.usage_by_hour} />
        </Stack>
      )}
    </>
  );
}

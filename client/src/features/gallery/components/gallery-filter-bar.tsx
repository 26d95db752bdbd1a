import { Button, Field, Flex, Grid, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { QUICK_DATE_RANGES, SEARCH_MAX_LENGTH, galleryStatusSchema } from '@atelier/shared';
import { useEffect, useRef, useState } from 'react';
import { formatCount } from '../../../lib/format';
import type { GalleryFilterState } from '../hooks/use-gallery-params';
import { useFilterOptions } from '../hooks/use-filter-options';
import { activeQuickRange, quickRange } from '../utils/date-ranges';
import { DateFilterInput } from './date-filter-input';
import { NameFilterSelect } from './name-filter-select';

const SEARCH_DEBOUNCE_MS = 300;

interface GalleryFilterBarProps {
  filters: GalleryFilterState;
  total: number | undefined;
  shown: number;
  onChange: (changes: Partial<Omit<GalleryFilterState, 'jobId'>>, replace?: boolean) => void;
  onManageFolders: () => void;
}

/** SPEC section 2, Gallery: counts, quick ranges, dates, search, status, and Manage Folders. */
export function GalleryFilterBar({ filters, total, shown, onChange, onManageFolders }: GalleryFilterBarProps) {
  const [text, setText] = useState(filters.search);
  const [shownSearch, setShownSearch] = useState(filters.search);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // The address changed under the box (Clear Filters, the back button): show what is searched now.
  if (filters.search !== shownSearch) {
    setShownSearch(filters.search);
    if (filters.search !== text.trim()) setText(filters.search);
  }

  const onTextChange = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onChange({ search: value.trim() }, true), SEARCH_DEBOUNCE_MS);
  };
  const pressed = activeQuickRange(filters.dateFrom, filters.dateTo);
  const { jobNames, workflows } = useFilterOptions();

  return (
    <Stack
      gap={3}
      bg="bg"
      borderWidth="1px"
      rounded="l3"
      p={{ base: 3, md: 4 }}
      role="search"
      aria-label="Gallery filters"
    >
      <Grid
        gap={3}
        alignItems="end"
        templateColumns={{
          base: 'repeat(2, minmax(0, 1fr))',
          md: 'repeat(3, minmax(0, 1fr))',
          xl: '2fr repeat(5, minmax(0, 1fr))',
        }}
      >
        <Field.Root gridColumn={{ base: 'span 2', md: 'span 3', xl: 'auto' }}>
          <Field.Label fontSize="xs">Search</Field.Label>
          <Input
            type="search"
            size="sm"
            placeholder="Job, workflow or tag"
            maxLength={SEARCH_MAX_LENGTH}
            value={text}
            onChange={(e) => onTextChange(e.target.value)}
          />
        </Field.Root>
        {filters.jobId === null && (
          <NameFilterSelect
            label="Job"
            allLabel="All jobs"
            value={filters.jobName}
            options={jobNames}
            onChange={(jobName) => onChange({ jobName, folder: jobName ? null : filters.folder })}
          />
        )}
        <NameFilterSelect
          label="Workflow"
          allLabel="All workflows"
          value={filters.workflow}
          options={workflows}
          onChange={(workflow) => onChange({ workflow })}
        />
        <DateFilterInput
          label="From"
          value={filters.dateFrom}
          max={filters.dateTo || undefined}
          outOfRange="From must not be after To"
          onCommit={(dateFrom) => onChange({ dateFrom })}
        />
        <DateFilterInput
          label="To"
          value={filters.dateTo}
          min={filters.dateFrom || undefined}
          outOfRange="To must not be before From"
          onCommit={(dateTo) => onChange({ dateTo })}
        />
        <Field.Root>
          <Field.Label fontSize="xs">Status</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              value={filters.status}
              onChange={(e) => {
                const parsed = galleryStatusSchema.safeParse(e.target.value);
                if (parsed.success) onChange({ status: parsed.data });
              }}
            >
              <option value="active">Active</option>
              <option value="archived">Archived</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </Grid>
      <Flex gap={3} justify="space-between" align="center" wrap="wrap">
        <HStack gap={1} wrap="wrap" role="group" aria-label="Date range">
          {QUICK_DATE_RANGES.map((range) => (
            <Button
              key={range}
              size="xs"
              variant={pressed === range ? 'solid' : 'outline'}
              colorPalette={pressed === range ? 'purple' : 'gray'}
              aria-pressed={pressed === range}
              onClick={() => onChange(quickRange(range))}
            >
              {range}
            </Button>
          ))}
        </HStack>
        <HStack gap={3}>
          <Text fontSize="sm" color="fg.muted" aria-live="polite" data-testid="gallery-counts">
            {formatCount(shown)} shown of {total === undefined ? '…' : formatCount(total)}
          </Text>
          <Button size="sm" colorPalette="purple" onClick={onManageFolders}>
            Manage Folders
          </Button>
        </HStack>
      </Flex>
    </Stack>
  );
}

import { Field, Flex, Input, NativeSelect } from '@chakra-ui/react';
import { SEARCH_MAX_LENGTH, jobStatusSchema, type JobStatus } from '@atelier/shared';
import { useEffect, useRef, useState } from 'react';
import { STATUS_FILTER_OPTIONS } from '../../jobs/components/job-status-meta';

/** Typing waits this long before it searches, so each keystroke is not a request. */
const SEARCH_DEBOUNCE_MS = 300;

interface HistoryFiltersProps {
  status: JobStatus | undefined;
  search: string;
  onStatusChange: (status: JobStatus | undefined) => void;
  onSearchChange: (search: string) => void;
}

export function HistoryFilters({ status, search, onStatusChange, onSearchChange }: HistoryFiltersProps) {
  const [text, setText] = useState(search);
  const [shownSearch, setShownSearch] = useState(search);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // The address changed under the box (back button, a link): show what is searched now.
  if (search !== shownSearch) {
    setShownSearch(search);
    if (search !== text.trim()) setText(search);
  }

  const onTextChange = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onSearchChange(value.trim()), SEARCH_DEBOUNCE_MS);
  };

  return (
    <Flex gap={3} direction={{ base: 'column', sm: 'row' }} role="search">
      <Field.Root flex={1}>
        <Field.Label srOnly>Search jobs</Field.Label>
        <Input
          type="search"
          bg="bg"
          placeholder="Search by job or workflow name"
          maxLength={SEARCH_MAX_LENGTH}
          value={text}
          onChange={(e) => onTextChange(e.target.value)}
        />
      </Field.Root>
      <Field.Root w={{ base: 'full', sm: '14rem' }}>
        <Field.Label srOnly>Status</Field.Label>
        <NativeSelect.Root bg="bg">
          <NativeSelect.Field
            value={status ?? ''}
            onChange={(e) => {
              const parsed = jobStatusSchema.safeParse(e.target.value);
              onStatusChange(parsed.success ? parsed.data : undefined);
            }}
          >
            <option value="">All statuses</option>
            {STATUS_FILTER_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
    </Flex>
  );
}

import { SegmentGroup } from '@chakra-ui/react';
import { ANALYTICS_PERIODS, analyticsPeriodSchema, type AnalyticsPeriod } from '@atelier/shared';

/** SPEC section 2: 7days, 30days, 90days, labelled as the spec names them. */
export function PeriodSelector({
  value,
  onChange,
}: {
  value: AnalyticsPeriod;
  onChange: (p: AnalyticsPeriod) => void;
}) {
  return (
    <SegmentGroup.Root
      value={value}
      onValueChange={(details) => {
        const parsed = analyticsPeriodSchema.safeParse(details.value);
        if (parsed.success) onChange(parsed.data);
      }}
      aria-label="Period"
      size="sm"
      bg="bg"
    >
      <SegmentGroup.Indicator />
      <SegmentGroup.Items items={[...ANALYTICS_PERIODS]} />
    </SegmentGroup.Root>
  );
}

import { ButtonGroup, Flex, IconButton, Pagination, Text } from '@chakra-ui/react';
import { HISTORY_PAGE_SIZE } from '@atelier/shared';
import { formatCount, formatCountOf } from '../../../lib/format';

interface HistoryPaginationProps {
  /** The page asked for: the control moves at once. */
  page: number;
  /** The page shown and the total, as the server answered them. */
  shownPage: number;
  total: number;
  onPageChange: (page: number) => void;
}

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
      <path d={direction === 'left' ? 'M15 6l-6 6 6 6' : 'M9 6l6 6-6 6'} strokeLinecap="round" />
    </svg>
  );
}

/** Pages of 10 (SPEC section 9). */
export function HistoryPagination({ page, shownPage, total, onPageChange }: HistoryPaginationProps) {
  const pages = Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE));
  return (
    <Flex justify="space-between" align="center" gap={3} wrap="wrap" direction={{ base: 'column', sm: 'row' }}>
      <Text fontSize="sm" color="fg.muted">
        Page {formatCount(shownPage)} of {formatCount(pages)} · {formatCountOf(total, 'job')}
      </Text>
      {pages > 1 && (
        <Pagination.Root
          count={total}
          pageSize={HISTORY_PAGE_SIZE}
          page={page}
          siblingCount={1}
          onPageChange={(details) => onPageChange(details.page)}
        >
          {/* page numbers run to six digits and more: on a phone the row wraps rather than widen the page */}
          <ButtonGroup variant="ghost" size="sm" gap={1} flexWrap="wrap" justifyContent="center">
            <Pagination.PrevTrigger asChild>
              {/* aria-disabled, not disabled, at the ends: pressing Next onto the last page (or
                  Previous onto the first) disabled the button in hand and dropped the focus to
                  the page; the pagination ignores a press past either end */}
              <IconButton aria-label="Previous page" disabled={false} aria-disabled={page <= 1}>
                <Chevron direction="left" />
              </IconButton>
            </Pagination.PrevTrigger>
            <Pagination.Items
              render={(item) => (
                <IconButton variant={{ base: 'ghost', _selected: 'outline' }} px={2}>
                  {formatCount(item.value)}
                </IconButton>
              )}
            />
            <Pagination.NextTrigger asChild>
              <IconButton aria-label="Next page" disabled={false} aria-disabled={page >= pages}>
                <Chevron direction="right" />
              </IconButton>
            </Pagination.NextTrigger>
          </ButtonGroup>
        </Pagination.Root>
      )}
    </Flex>
  );
}

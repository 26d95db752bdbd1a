import { List, Text } from '@chakra-ui/react';
import type { RejectionReason } from '@atelier/shared';

/** Rejected items by batch position (shown from 1, as people count images), each with its reason. */
export function RejectionList({ rejections }: { rejections: readonly RejectionReason[] }) {
  const sorted = [...rejections].sort((a, b) => a.batch_index - b.batch_index);
  return (
    <List.Root as="ul" gap={1} ps={4} mt={2} aria-label="Rejected images">
      {sorted.map((rejection) => (
        <List.Item key={`${rejection.batch_index}-${rejection.timestamp}`} wordBreak="break-word">
          <Text as="span" fontWeight="semibold">
            Image {rejection.batch_index + 1}
          </Text>
          <Text as="span" color="fg.muted" fontSize="xs">
            {' '}
            (batch index {rejection.batch_index})
          </Text>
          : {rejection.reason}
        </List.Item>
      ))}
    </List.Root>
  );
}

import { AspectRatio, Box, Image, Link, Text } from '@chakra-ui/react';
import { isVideoPath, type JobResultItem } from '@atelier/shared';

/** One produced file: a thumbnail opening the full-size file, or a playable video (by extension, SPEC section 9). */
export function ResultTile({ item }: { item: JobResultItem }) {
  const label = `Image ${item.batch_index + 1}${item.output_index > 0 ? `.${item.output_index + 1}` : ''}`;
  const video = isVideoPath(item.url);
  return (
    <Box as="figure" bg="bg.muted" rounded="l2" overflow="hidden" borderWidth="1px">
      <AspectRatio ratio={1}>
        {video ? (
          <video
            src={item.url}
            poster={item.thumbnail_url ?? undefined}
            controls
            muted
            playsInline
            preload="metadata"
            aria-label={label}
            style={{ objectFit: 'cover' }}
          />
        ) : (
          <Link href={item.url} target="_blank" rel="noopener" display="block" aria-label={`${label}, full size`}>
            <Image
              src={item.thumbnail_url ?? item.url}
              alt={label}
              loading="lazy"
              w="full"
              h="full"
              objectFit="cover"
            />
          </Link>
        )}
      </AspectRatio>
      {/* On a narrow tile the seed moves to a second line rather than being cut off. */}
      <Text as="figcaption" fontSize="xs" color="fg.muted" px={2} py={1.5}>
        {label}
        {item.seed_used !== null && (
          <>
            {' · '}
            <Text as="span" whiteSpace="nowrap">
              seed {item.seed_used}
            </Text>
          </>
        )}
      </Text>
    </Box>
  );
}

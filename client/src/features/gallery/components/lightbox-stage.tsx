import { Box, Center, chakra } from '@chakra-ui/react';
import { isVideoPath, type GalleryItem } from '@atelier/shared';
import type { PointerEvent, RefObject } from 'react';
import type { useTouchGestures } from '../hooks/use-touch-gestures';
import type { useZoomPan } from '../hooks/use-zoom-pan';
import { formatZoom } from '../utils/zoom';

const Output = chakra('output');
/** The height of Chromium's and Firefox's own video controls, at zoom 1. */
const VIDEO_CONTROLS_PX = 48;
const Img = chakra('img');

/** The current medium at full size, an image or a playing video, zoomed and panned as the wheel and drag say. */
export function LightboxStage({
  item,
  stageRef,
  view,
  gestures,
}: {
  item: GalleryItem;
  stageRef: RefObject<HTMLDivElement | null>;
  view: ReturnType<typeof useZoomPan>;
  gestures: ReturnType<typeof useTouchGestures>;
}) {
  const video = isVideoPath(item.file_path);
  // one finger pans a zoomed image, except while a second one pinches
  const pan = {
    ...view.panHandlers,
    onPointerMove: (event: PointerEvent<HTMLElement>) => !gestures.pinching() && view.panHandlers.onPointerMove(event),
  };
  // a video pans as an image does, except from its controls' strip, where a press seeks or plays
  const videoPan = {
    ...pan,
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      const { bottom } = event.currentTarget.getBoundingClientRect();
      if (event.clientY < bottom - VIDEO_CONTROLS_PX * view.zoom) pan.onPointerDown(event);
    },
  };
  // a video zooms and pans as an image does (its controls scale with it; 0 resets)
  const zoomed = {
    transform: `translate(${view.x}px, ${view.y}px) scale(${view.zoom})`,
    transition: view.panning ? undefined : 'transform 0.08s ease-out',
  };
  return (
    <Box
      ref={stageRef}
      tabIndex={-1}
      outline="none"
      position="relative"
      flex={1}
      minH={0}
      overflow="hidden"
      // the page neither scrolls nor zooms under a finger here: swipes and pinches are the lightbox's
      touchAction="none"
      data-testid="lightbox-stage"
      {...gestures.handlers}
    >
      <Center h="full" w="full" p={{ base: 2, md: 6 }}>
        {video ? (
          <video
            key={item.id}
            src={item.file_path}
            poster={item.thumbnail_path ?? undefined}
            controls
            autoPlay
            muted
            loop
            playsInline
            aria-label={`${item.job_name}, video ${item.id}`}
            style={{ maxWidth: '100%', maxHeight: '100%', cursor: view.panning ? 'grab' : undefined, ...zoomed }}
            {...videoPan}
          />
        ) : (
          <Img
            key={item.id}
            src={item.file_path}
            alt={`${item.job_name}, image ${item.id}`}
            draggable={false}
            maxW="full"
            maxH="full"
            objectFit="contain"
            userSelect="none"
            cursor={view.panning ? 'grab' : 'zoom-in'}
            style={zoomed}
            {...pan}
          />
        )}
      </Center>
      <Output
        aria-label="Zoom"
        position="absolute"
        top={2}
        right={2}
        px={2}
        py={0.5}
        rounded="md"
        fontSize="xs"
        bg="blackAlpha.600"
        color="white"
        data-zoom={view.zoom}
      >
        {formatZoom(view.zoom)}
      </Output>
    </Box>
  );
}

import { Button, HStack, VisuallyHidden } from '@chakra-ui/react';
import type { GalleryItem } from '@atelier/shared';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { CheckIcon, CopyIcon, DownloadIcon } from '../../../components/icons';
import { toaster } from '../../../components/toaster';
import { paths } from '../../../config/paths';
import { logger } from '../../../lib/logger';

/** How long the copy button shows its check mark. */
const COPIED_MS = 1500;

// Dark-stage ghost buttons: Chakra's ghost hover is a light grey that would hide white text.
const action = {
  size: 'xs',
  variant: 'ghost',
  px: 2,
  color: 'whiteAlpha.900',
  fontWeight: 'normal',
  _hover: { bg: 'whiteAlpha.200', color: 'white' },
} as const;

/**
 * Where the medium came from and the file itself: its job's page (to clone the job), the seed
 * that made it, and the original file. Following the job link leaves the gallery, closing the lightbox.
 */
export function LightboxDetails({ item }: { item: GalleryItem }) {
  return (
    // the header's padding, less the buttons' own, so their text lines up under the title
    <HStack gap={1} wrap="wrap" px={{ base: 1, md: 3 }} pt={1} pb={2}>
      <Button asChild {...action}>
        <RouterLink to={paths.job.href(item.job_id)}>Job details</RouterLink>
      </Button>
      {item.seed_used !== null && <SeedCopy seed={item.seed_used} />}
      <Button asChild {...action}>
        {/* a cross-origin media host ignores `download`; the new tab then opens it without leaving the gallery */}
        <a href={item.file_path} download target="_blank" rel="noopener noreferrer">
          <DownloadIcon />
          Download
        </a>
      </Button>
    </HStack>
  );
}

/** The seed as shown; pressing it copies it. Success is a check mark, a failure a toast (the seed stays readable). */
function SeedCopy({ seed }: { seed: number }) {
  // which seed was copied, not a flag: the next image's seed shows no stale check mark
  const [copiedSeed, setCopiedSeed] = useState<number | null>(null);
  const copied = copiedSeed === seed;
  useEffect(() => {
    if (copiedSeed === null) return;
    const timer = setTimeout(() => setCopiedSeed(null), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copiedSeed]);

  const copy = async () => {
    try {
      // absent outside a secure context (plain http on a LAN address): that throws here too
      await navigator.clipboard.writeText(String(seed));
      setCopiedSeed(seed);
    } catch (error) {
      logger.warn('seed copy failed', error);
      toaster.create({ type: 'error', title: 'Could not copy the seed' });
    }
  };

  return (
    <>
      {/* named 'Copy Seed …' around the visible 'Seed …' (WCAG 2.5.3) */}
      <Button {...action} onClick={() => void copy()}>
        <VisuallyHidden>Copy </VisuallyHidden>
        <span style={{ fontVariantNumeric: 'tabular-nums' }}>Seed {seed}</span>
        {copied ? <CheckIcon /> : <CopyIcon />}
      </Button>
      <VisuallyHidden aria-live="polite">{copied ? 'Seed copied' : ''}</VisuallyHidden>
    </>
  );
}

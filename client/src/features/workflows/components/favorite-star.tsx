import { IconButton } from '@chakra-ui/react';
import { StarIcon } from '../../../components/icons';
import { useToggleFavorite } from '../api/toggle-favorite';

/** Toggles a workflow's favourite; shows the new state while the server confirms it. */
export function FavoriteStar({
  workflowId,
  isFavorite,
  size = 'sm',
}: {
  workflowId: number;
  isFavorite: boolean;
  size?: 'sm' | 'md';
}) {
  const toggle = useToggleFavorite();
  const shown = toggle.isPending ? !isFavorite : isFavorite;
  return (
    <IconButton
      aria-label="Favorite"
      aria-pressed={shown}
      title={shown ? 'Remove from favorites' : 'Add to favorites'}
      variant="ghost"
      size={size}
      color={shown ? 'yellow.500' : 'fg.muted'}
      _hover={{ color: 'yellow.500', bg: 'bg.muted' }}
      // aria-disabled, not disabled, while the server confirms: a disabled button drops the focus
      // to the page, so a keyboard user who pressed Enter on the star started again from the top
      aria-disabled={toggle.isPending || undefined}
      onClick={() => {
        if (!toggle.isPending) toggle.mutate(workflowId);
      }}
    >
      <StarIcon filled={shown} />
    </IconButton>
  );
}

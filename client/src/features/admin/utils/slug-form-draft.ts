import type { OverrideItem, SlugForm } from './slug-form';

const isText = (value: unknown): value is string => typeof value === 'string';
const isTextOrNull = (value: unknown): value is string | null => value === null || isText(value);

function isOverrideItem(value: unknown): value is OverrideItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    (item.linkId === null || typeof item.linkId === 'number') &&
    typeof item.definitionId === 'number' &&
    ['override_key', 'display_name', 'data_type', 'default_value', 'ui_parameter_name'].every((k) => isText(item[k])) &&
    isTextOrNull(item.category) &&
    isTextOrNull(item.description) &&
    typeof item.is_required === 'boolean' &&
    typeof item.validation_rules === 'object' &&
    item.validation_rules !== null
  );
}

/**
 * A slug form kept when the session ended (lib/session-drafts), if it still has the form's shape:
 * every field of `like`, each of its kind. Its opened_at is kept, so the save is still checked
 * against another admin's change made since the edit began.
 */
export function slugFormDraft(raw: unknown, like: SlugForm): SlugForm | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const draft = raw as Record<string, unknown>;
  const fits = Object.entries(like).every(([key, value]) => {
    const kept = draft[key];
    if (key === 'overrides') return Array.isArray(kept) && kept.every(isOverrideItem);
    if (key === 'tags') return Array.isArray(kept) && kept.every(isText);
    if (key === 'opened_at') return isTextOrNull(kept);
    return typeof kept === typeof value;
  });
  return fits ? ({ ...like, ...draft } as SlugForm) : null;
}

import { Box, Image, Spinner, Stack, Text, chakra } from '@chakra-ui/react';
import type { Asset } from '@atelier/shared';
import { parameterInputId, type ParamField } from '../utils/parameter-fields';

type AssetParamField = Extract<ParamField, { kind: 'asset' }>;

/** A picker over the shared assets (GET /api/assets), as thumbnails. */
export function AssetField({
  field,
  value,
  error,
  assets,
  loading,
  onChange,
}: {
  field: AssetParamField;
  value: string;
  error?: string;
  assets: readonly Asset[];
  loading: boolean;
  onChange: (value: string) => void;
}) {
  const id = parameterInputId(field.name);
  const labelId = `${id}-label`;
  const offered = field.assetType ? assets.filter((asset) => asset.type === field.assetType) : assets;

  return (
    <Stack gap={1.5} role="group" aria-labelledby={labelId}>
      <Text id={labelId} textStyle="sm" fontWeight="medium">
        {field.label}
        {field.required && (
          <Text as="span" color="fg.error" aria-hidden="true">
            {' '}
            *
          </Text>
        )}
      </Text>
      {loading ? (
        <Spinner size="sm" color="purple.solid" />
      ) : offered.length === 0 ? (
        <Text textStyle="sm" color="fg.muted">
          No assets available.
        </Text>
      ) : (
        <Box
          id={id}
          tabIndex={-1}
          display="grid"
          gridTemplateColumns="repeat(auto-fill, minmax(5.5rem, 1fr))"
          gap={2}
          outline="none"
        >
          {offered.map((asset) => {
            const selected = String(asset.id) === value;
            return (
              <chakra.button
                key={asset.id}
                type="button"
                aria-pressed={selected}
                title={asset.display_name}
                onClick={() => onChange(selected && !field.required ? '' : String(asset.id))}
                borderWidth="2px"
                borderColor={selected ? 'purple.solid' : 'border'}
                rounded="md"
                p={1}
                bg="bg"
                textAlign="left"
                cursor="pointer"
                _hover={{ borderColor: selected ? 'purple.solid' : 'border.emphasized' }}
                focusRing="outside"
              >
                <Image src={asset.thumbnail_url} alt="" aspectRatio={1} w="full" objectFit="cover" rounded="sm" />
                <Text textStyle="xs" mt={1} truncate>
                  {asset.display_name}
                </Text>
              </chakra.button>
            );
          })}
        </Box>
      )}
      {field.description && (
        <Text textStyle="xs" color="fg.muted">
          {field.description}
        </Text>
      )}
      {error && (
        <Text textStyle="xs" color="fg.error">
          {error}
        </Text>
      )}
    </Stack>
  );
}

import { Box, HStack, Image, Spinner, Stack, Text, chakra } from '@chakra-ui/react';
import { ASSET_IMAGE_FORMATS, ASSET_MAX_BYTES, ASSET_MESSAGES, type Asset } from '@atelier/shared';
import { useRef, useState } from 'react';
import { BusyButton } from '../../../components/busy-button';
import { errorText } from '../../../lib/api-error';
import { useUploadAsset } from '../api/upload-asset';
import { parameterInputId, type ParamField } from '../utils/parameter-fields';

const UPLOAD_FAILED = 'Failed to upload image';
const ACCEPTED = ASSET_IMAGE_FORMATS.map((format) => `image/${format}`).join(',');

type AssetParamField = Extract<ParamField, { kind: 'asset' }>;

/**
 * A picker over the shared assets (GET /api/assets), as thumbnails, with an upload that adds an
 * image and picks it: without it an image-to-image workflow needs someone to call the API first.
 */
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
  /** undefined when the list could not be read: a failure only logged (SPEC section 8) */
  assets: readonly Asset[] | undefined;
  loading: boolean;
  onChange: (value: string) => void;
}) {
  const id = parameterInputId(field.name);
  const labelId = `${id}-label`;
  const offered = (assets ?? []).filter((asset) => !field.assetType || asset.type === field.assetType);
  const upload = useUploadAsset();
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  // uploads are images; a parameter asking for another kind of asset has nothing to gain from one
  const canUpload = !field.assetType || field.assetType === 'image';

  const send = (file: File | undefined) => {
    if (!file) return;
    setUploadError(null);
    if (file.size > ASSET_MAX_BYTES) return setUploadError(ASSET_MESSAGES.tooLarge);
    upload.mutate(file, {
      onSuccess: (asset) => onChange(String(asset.id)),
      onError: (failure) => setUploadError(errorText(failure, UPLOAD_FAILED)),
    });
  };

  return (
    <Stack gap={1.5} role="group" aria-labelledby={labelId}>
      <HStack justify="space-between" gap={2}>
        <Text id={labelId} textStyle="sm" fontWeight="medium">
          {field.label}
          {field.required && (
            <Text as="span" color="fg.error" aria-hidden="true">
              {' '}
              *
            </Text>
          )}
        </Text>
        {canUpload && (
          <>
            <input
              ref={fileInput}
              type="file"
              accept={ACCEPTED}
              hidden
              aria-label={`Image file for ${field.label}`}
              onChange={(event) => {
                send(event.target.files?.[0]);
                // the same file picked again after a failure is a new choice
                event.target.value = '';
              }}
            />
            <BusyButton
              size="xs"
              variant="outline"
              loading={upload.isPending}
              onClick={() => fileInput.current?.click()}
            >
              Upload image
            </BusyButton>
          </>
        )}
      </HStack>
      {loading ? (
        <Spinner size="sm" color="purple.solid" />
      ) : assets === undefined ? null : offered.length === 0 ? (
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
                onClick={() => {
                  setUploadError(null);
                  onChange(selected && !field.required ? '' : String(asset.id));
                }}
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
      {uploadError && (
        <Text textStyle="xs" color="fg.error" role="alert">
          {uploadError}
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

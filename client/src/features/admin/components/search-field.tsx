import { Input, InputGroup } from '@chakra-ui/react';
import { SearchIcon } from '../../../components/icons';

/** The search box of an admin list. */
export function SearchField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <InputGroup flex="1" maxW="md" startElement={<SearchIcon />}>
      <Input
        type="search"
        aria-label={label}
        placeholder={`${label}...`}
        bg="bg"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </InputGroup>
  );
}

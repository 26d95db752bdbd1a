import { Heading } from '@chakra-ui/react';

/** A screen's heading, also used as the browser tab title. */
export function PageTitle({ title }: { title: string }) {
  return (
    <>
      <title>{`${title} · Atelier`}</title>
      <Heading as="h1" size={{ base: 'xl', md: '2xl' }} mb={6}>
        {title}
      </Heading>
    </>
  );
}

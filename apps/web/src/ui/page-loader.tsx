import { Center, Loader } from '@mantine/core';

/** Full-area loading indicator. */
export function PageLoader({ label }: { label?: string }) {
  return (
    <Center mih="60vh" role="status" aria-live="polite" aria-label={label}>
      <Loader size="md" type="dots" />
    </Center>
  );
}

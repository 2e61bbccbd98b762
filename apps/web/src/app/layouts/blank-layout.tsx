import { Suspense } from 'react';
import { Box } from '@mantine/core';
import { Outlet } from 'react-router';
import { PageLoader } from '../../ui/page-loader';
import { TeamChatMount } from '../../features/team-chat/team-chat-mount';

/** Own layout of /callback and /apps/inbox (full screen, no sidebar). */
export function BlankLayout() {
  return (
    <Box mih="100vh" bg="gray.0">
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
      <TeamChatMount />
    </Box>
  );
}

import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { TAppDashboardPanel } from '@atende/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../app/api-client';
import { i18n } from '../../../app/i18n';
import { resetSession } from '../../../app/session';
import { conversation } from '../../inbox/inbox-testing';
import { AdminTestWrapper, signInTestAdmin, TEST_ACC } from '../../settings/settings-testing';
import { ConversationSidePanel } from './conversation-side-panel';
import { DASHBOARD_SANDBOX } from './dashboard-frame';

vi.mock('../../../app/api-client', async (original) => {
  const real = await original<typeof import('../../../app/api-client')>();
  return { ...real, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() } };
});
const mocked = vi.mocked(api);

const PANEL: TAppDashboardPanel = {
  _id: '0190aaaa-0000-7000-8000-0000000000d1',
  name: 'CRM',
  url: 'https://crm.example.com/atende/panel?x=1',
};
const USER = { _id: '0190aaaa-0000-7000-8000-0000000000e1', name: 'Ana Operadora' };

function panels(list: TAppDashboardPanel[]) {
  mocked.get.mockImplementation(async (path: string) => {
    if (path === '/p/apps/dashboards') return list;
    throw new Error(`unexpected GET ${path}`);
  });
}

const first = conversation({
  stage: 'attendance',
  assigneeId: USER._id,
  contact: {
    _id: '0190aaaa-0000-7000-8000-0000000000c1',
    name: 'Maria Silva',
    phone: '+5511987654321',
    email: 'maria@example.com',
    profilePic: null,
    tags: ['vip'],
  },
});
const second = conversation({ stage: 'waiting' });

function view(c = first) {
  return (
    <AdminTestWrapper>
      <ConversationSidePanel acc={TEST_ACC} conversation={c}>
        <p>contact panel</p>
      </ConversationSidePanel>
    </AdminTestWrapper>
  );
}

beforeEach(async () => {
  signInTestAdmin();
  resetSession({ user: { ...USER, id: USER._id } as never });
  await i18n.changeLanguage('en');
});
afterEach(() => vi.clearAllMocks());

describe('the Dashboard app in the conversation side panel', () => {
  it('shows only the contact panel without the app', async () => {
    panels([]);
    render(view());
    await waitFor(() => expect(mocked.get).toHaveBeenCalledWith('/p/apps/dashboards', { acc: TEST_ACC }));
    expect(screen.getByText('contact panel')).toBeVisible();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByTestId('dashboard-frame')).toBeNull();
  });

  it("frames the page, sandboxed, and posts the context to the page's origin only — again on a switch", async () => {
    panels([PANEL]);
    const { rerender } = render(view());
    const tab = await screen.findByRole('tab', { name: 'CRM' });
    expect(screen.getByRole('tab', { name: 'Contact' })).toHaveAttribute('aria-selected', 'true');
    const frame = screen.getByTestId('dashboard-frame') as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe(PANEL.url);
    expect(frame.getAttribute('sandbox')).toBe(DASHBOARD_SANDBOX);
    expect(frame.getAttribute('title')).toBe("CRM: external page with this conversation's context");

    const post = vi.spyOn(frame.contentWindow!, 'postMessage').mockImplementation(() => {});
    fireEvent.load(frame);
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenLastCalledWith(
      {
        type: 'atende:context',
        version: 1,
        acc: TEST_ACC,
        conversation: {
          _id: first._id,
          stage: 'attendance',
          channelId: first.channelId,
          channelKind: 'webchat',
          departmentId: null,
          assigneeId: USER._id,
        },
        contact: {
          _id: first.contact._id,
          name: 'Maria Silva',
          phone: '+5511987654321',
          email: 'maria@example.com',
          tags: ['vip'],
        },
        user: USER,
        lang: 'en',
      },
      'https://crm.example.com',
    );

    fireEvent.click(tab);
    rerender(view(second));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2));
    const [message, origin] = post.mock.calls[1] as unknown as [{ conversation: { _id: string } }, string];
    expect(message.conversation._id).toBe(second._id);
    expect(origin).toBe('https://crm.example.com');
    for (const call of post.mock.calls) expect(call[1]).not.toBe('*');
    // The frame stayed: a switch does not reload the page.
    expect(screen.getByTestId('dashboard-frame')).toBe(frame);
  });

  it('keeps the chosen tab when the column is drawn again for another conversation', async () => {
    panels([PANEL]);
    const first_ = render(view());
    fireEvent.click(await screen.findByRole('tab', { name: 'CRM' }));
    expect(screen.getByRole('tab', { name: 'CRM' })).toHaveAttribute('aria-selected', 'true');
    first_.unmount();
    render(view(second));
    expect(await screen.findByRole('tab', { name: 'CRM' })).toHaveAttribute('aria-selected', 'true');
    // Back to the contact panel, which the choice also keeps (and the next tests start from).
    fireEvent.click(screen.getByRole('tab', { name: 'Contact' }));
    expect(screen.getByRole('tab', { name: 'Contact' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('contact panel')).toBeVisible();
  });

  it('does not frame a page on Atende’s own origin', async () => {
    panels([{ ...PANEL, url: `${window.location.origin}/evil` }]);
    render(view());
    fireEvent.click(await screen.findByRole('tab', { name: 'CRM' }));
    expect(screen.queryByTestId('dashboard-frame')).toBeNull();
    expect(
      screen.getByText("This page is on Atende's own address and cannot be shown as a dashboard."),
    ).toBeVisible();
  });
});
